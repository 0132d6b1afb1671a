package dev.concurrencylab.lab.load.hyperfoil;

import java.net.ConnectException;
import java.util.List;
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
 * connect only to its log — the shared pool's (it retries, and no request is ever sent) and, for a
 * connection opened for one request (a burst's), the allocator's (the request is dropped unsent) —
 * so this listens to both loggers: a burst whose server's listen queue was full must count each
 * request it could not send, not shrink to the ones it could. A refused or timed-out connect is the server's; one that failed for want of a file
 * descriptor or a local port is the driver's own limit and must never read as the server's. After
 * 100 such failures in a row the pool gives up and sends nothing: that too is counted, so a server
 * that stopped accepting is never read as a driver that stopped sending.
 */
final class ConnectFailures extends AbstractAppender {

    private static final String POOL_LOGGER = "io.hyperfoil.http.connection.SharedConnectionPool";
    /** Where a connection opened for one request (a burst's, E4) logs its failed connect: no retry, the request is never sent. */
    private static final String ALLOCATOR_LOGGER = "io.hyperfoil.http.connection.ConnectionAllocator";

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
        List<LoggerConfig> installed = List.of(listen(context, POOL_LOGGER, appender), listen(context, ALLOCATOR_LOGGER, appender));
        context.updateLoggers();
        return () -> {
            installed.forEach(c -> c.removeAppender(appender.getName()));
            appender.stop();
            context.updateLoggers();
        };
    }

    private static LoggerConfig listen(LoggerContext context, String logger, ConnectFailures appender) {
        LoggerConfig config = context.getConfiguration().getLoggerConfig(logger);
        if (!config.getName().equals(logger)) {
            config = new LoggerConfig(logger, Level.WARN, false);
            context.getConfiguration().addLogger(logger, config);
        }
        config.addAppender(appender, Level.WARN, null);
        return config;
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
