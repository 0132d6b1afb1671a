package dev.concurrencylab.lab.load.hyperfoil;

import java.net.ConnectException;
import java.util.function.Supplier;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.LoggerConfig;
import org.apache.logging.log4j.core.config.Property;

/**
 * Counts refused connection attempts. Hyperfoil 0.25.2 reports a failed connect only to its log
 * (the pool retries and no request is ever sent), so this listens to that logger.
 */
final class RefusedConnections extends AbstractAppender {

    private static final String POOL_LOGGER = "io.hyperfoil.http.connection.SharedConnectionPool";

    private final Supplier<Tally> current;

    private RefusedConnections(Supplier<Tally> current) {
        super("lab-refused-connections", null, null, true, Property.EMPTY_ARRAY);
        this.current = current;
    }

    /** Starts counting into whatever tally {@code current} gives at the time of each refusal. */
    static AutoCloseable install(Supplier<Tally> current) {
        LoggerContext context = (LoggerContext) LogManager.getContext(false);
        RefusedConnections appender = new RefusedConnections(current);
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
        for (Throwable t = event.getThrown(); t != null; t = t.getCause()) {
            if (t instanceof ConnectException) {
                current.get().refused.increment();
                return;
            }
        }
    }
}
