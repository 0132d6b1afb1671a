package dev.concurrencylab.lab.load.hyperfoil;

import java.nio.file.Path;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.Layout;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.FileAppender;
import org.apache.logging.log4j.core.config.AbstractConfiguration;
import org.apache.logging.log4j.core.layout.PatternLayout;

/**
 * Where the engine's own log goes. Hyperfoil logs every timeout and reset, which the lab counts
 * itself, so its log belongs in a file: the process's default (log4j2.xml, in the temporary
 * directory) until a run points it at its own directory. Logging is one per process by nature; this
 * adapter, which owns the engine, is the one place that moves it.
 */
final class EngineLog {

    /** The appender log4j2.xml names: the one that receives the engine's log. */
    static final String APPENDER = "engine";

    private EngineLog() {
    }

    /** From now on the engine's log is appended to {@code file}, in the layout log4j2.xml gives it. */
    static synchronized void writeTo(Path file) {
        LoggerContext context = (LoggerContext) LogManager.getContext(false);
        AbstractConfiguration config = (AbstractConfiguration) context.getConfiguration();
        Appender before = config.getAppender(APPENDER);
        Layout<?> layout = before != null ? before.getLayout() : PatternLayout.createDefaultLayout(config);
        config.getRootLogger().removeAppender(APPENDER);
        // from every logger that names it, and stopped: its file is closed
        config.removeAppender(APPENDER);
        FileAppender appender = FileAppender.newBuilder().setName(APPENDER).withFileName(file.toString()).withAppend(true)
                .setLayout(layout).setConfiguration(config).build();
        appender.start();
        config.addAppender(appender);
        config.getRootLogger().addAppender(appender, null, null);
        context.updateLoggers();
    }
}
