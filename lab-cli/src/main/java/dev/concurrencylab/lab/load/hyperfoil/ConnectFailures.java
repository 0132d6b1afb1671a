package dev.concurrencylab.lab.load.hyperfoil;

import java.net.ConnectException;
import java.util.Locale;
import java.util.function.Supplier;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.LoggerConfig;
import org.apache.logging.log4j.core.config.Property;

/**
 * Counts failed connection attempts by whose doing they were. Hyperfoil 0.25.2 reports a failed
 * connect only to its log (the pool retries and no request is ever sent), so this listens to that
 * logger. A refused or timed-out connect is the server's; one that failed for want of a file
 * descriptor or a local port is the driver's own limit and must never read as the server's. After
 * 100 such failures in a row the pool gives up and sends nothing: that too is counted, so a server
 * that stopped accepting is never read as a driver that stopped sending.
 */
final class ConnectFailures extends AbstractAppender {

    private static final String POOL_LOGGER = "io.hyperfoil.http.connection.SharedConnectionPool";

    private final Supplier<Tally> current;
    private final Tally driverFaults;

    private ConnectFailures(Supplier<Tally> current, Tally driverFaults) {
        super("lab-connect-failures", null, null, true, Property.EMPTY_ARRAY);
        this.current = current;
        this.driverFaults = driverFaults;
    }

    /**
     * Counts refusals into whatever tally {@code current} gives at the time of each, and the
     * driver's own faults into {@code driverFaults} whenever they happen: a driver that ran out of
     * files in the warm-up is no sounder in the window.
     */
    static AutoCloseable install(Supplier<Tally> current, Tally driverFaults) {
        LoggerContext context = (LoggerContext) LogManager.getContext(false);
        ConnectFailures appender = new ConnectFailures(current, driverFaults);
        appender.start();
        LoggerConfig config = context.getConfiguration().getLoggerConfig(POOL_LOGGER);
        if (!config.getName().equals(POOL_LOGGER)) {
            config = new LoggerConfig(POOL_LOGGER, Level.WARN, false);
            context.getConfiguration().addLogger(POOL_LOGGER, config);
        }
        LoggerConfig installed = config;
        installed.addAppender(appender, Level.WARN, null);
        context.updateLoggers();
        return () -> {
            installed.removeAppender(appender.getName());
            appender.stop();
            context.updateLoggers();
        };
    }

    @Override
    public void append(LogEvent event) {
        // After 100 failed connects in a row the pool stops every session that asks it for a connection.
        if (event.getMessage() != null && event.getMessage().getFormattedMessage().contains("failures to connect")
                && event.getMessage().getFormattedMessage().contains("exceeded a threshold")) {
            driverFaults.connectsGaveUp.increment();
            return;
        }
        for (Throwable t = event.getThrown(); t != null; t = t.getCause()) {
            String message = t.getMessage() == null ? "" : t.getMessage().toLowerCase(Locale.ROOT);
            // EMFILE/ENFILE and EADDRNOTAVAIL, as the JDK and Netty's native transport word them.
            if (message.contains("too many open files")) {
                driverFaults.outOfFiles.increment();
                return;
            }
            if (message.contains("cannot assign requested address")) {
                driverFaults.outOfPorts.increment();
                return;
            }
            // Netty's connect timeout is a ConnectException too: the server's listen queue was full.
            if (t instanceof ConnectException) {
                current.get().refused.increment();
                driverFaults.connectsFailed.increment();
                return;
            }
        }
    }
}
