package dev.concurrencylab.workload;

/**
 * Names the thread that did a request's work, for the {@code X-Work-Thread} response header that
 * tests switch on ({@code sut.expose-work-thread=true}) to prove where each variant runs its work.
 */
public final class WorkThread {

    public static final String HEADER = "X-Work-Thread";
    public static final String PROPERTY = "sut.expose-work-thread";

    private WorkThread() {
    }

    /** e.g. {@code tomcat-handler-3; virtual=true} or {@code reactor-http-nio-2; virtual=false}. */
    public static String current() {
        Thread t = Thread.currentThread();
        return t.getName() + "; virtual=" + t.isVirtual();
    }
}
