package dev.concurrencylab.sut.mvc;

/** Thread names, as {@code X-Work-Thread} regular expressions, of the places MVC work can run. */
final class Threads {

    static final String TOMCAT_PLATFORM = "http-nio-.*-exec-\\d+; virtual=false";
    static final String VIRTUAL = ".*; virtual=true";

    private Threads() {
    }
}
