package dev.concurrencylab.lab.run.probe;

import dev.concurrencylab.lab.load.LoadListener;
import dev.concurrencylab.lab.load.LoadPhase;

/** A probe around an instrument that already listens to the load: every call is passed on to it. */
abstract class ListeningProbe implements Probe {

    private final LoadListener instrument;

    ListeningProbe(LoadListener instrument) {
        this.instrument = instrument;
    }

    @Override
    public void phase(LoadPhase phase) {
        instrument.phase(phase);
    }

    @Override
    public void windowEnded() {
        instrument.windowEnded();
    }

    @Override
    public void progress(long answered, long failed) {
        instrument.progress(answered, failed);
    }

    @Override
    public boolean settled() {
        return instrument.settled();
    }
}
