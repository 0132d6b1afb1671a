package dev.concurrencylab.lab.load;

/** A load engine. Blocks until the run ends; interrupting the calling thread stops the load early. */
public interface LoadDriver {

    LoadResult run(LoadRun run, LoadListener listener);
}
