package dev.concurrencylab.lab.run.probe;

import dev.concurrencylab.lab.jfr.JfrReader;
import dev.concurrencylab.lab.jfr.JfrRecorder;
import dev.concurrencylab.lab.usage.JfrSummary;
import java.util.function.Consumer;

/** A JFR recording of the window, read into the trial's profile; says why when there is none. */
public final class JfrProbe extends ListeningProbe {

    private final JfrRecorder recorder;
    private final Consumer<String> note;
    private JfrSummary profile;
    private boolean finished;

    public JfrProbe(JfrRecorder recorder, Consumer<String> note) {
        super(recorder);
        this.recorder = recorder;
        this.note = note;
    }

    @Override
    public synchronized void stop() {
        if (finished) {
            return;
        }
        finished = true;
        try (recorder) {
            JfrRecorder.Result recorded = recorder.finish();
            if (recorded.file() == null) {
                note.accept("lab: no JFR recording: " + recorded.problem());
                return;
            }
            profile = JfrReader.read(recorded.file());
        } catch (RuntimeException e) {
            note.accept("lab: JFR recording unreadable: " + e.getMessage());
        }
    }

    @Override
    public synchronized void report(Observed observed) {
        observed.profile(profile);
    }
}
