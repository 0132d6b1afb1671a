package dev.concurrencylab.lab.jfr;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;

/**
 * A program whose virtual threads pin their carriers: each loads {@link SlowInit} afresh in its own
 * class loader, and a class initializer that blocks pins its virtual thread even on JDK 24+
 * (JEP 491 unpinned {@code synchronized}, not class initialization). Runs until killed.
 */
public final class Pinner {

    private Pinner() {
    }

    public static void main(String[] args) throws Exception {
        URL classes = Path.of(Pinner.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toUri().toURL();
        System.out.println("pinning");
        System.out.flush();
        while (true) {
            Thread t = Thread.ofVirtual().start(() -> {
                try (URLClassLoader fresh = new URLClassLoader(new URL[] {classes}, ClassLoader.getPlatformClassLoader())) {
                    Class.forName(SlowInit.class.getName(), true, fresh);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            t.join();
        }
    }

    /** Sleeps in its initializer: the virtual thread running it stays on its carrier meanwhile. */
    public static final class SlowInit {
        static {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        private SlowInit() {
        }
    }
}
