package dev.concurrencylab.lab.suite;

import dev.concurrencylab.lab.load.Checks;
import dev.concurrencylab.lab.load.LoadModel;
import dev.concurrencylab.lab.load.RequestSpec;
import java.util.List;

/**
 * One row of a suite: a workload under a load model, run on every variant of the suite.
 *
 * @param statsKey asynchronous strategy whose completed work is read after the load, or {@code null}
 * @param cold     a fresh server JVM for every trial, with no warm-up (E4's cold start)
 * @param watched  resources are sampled during the trial (off only to measure what watching costs)
 * @param paced    the machine's memory pace is timed with each sample ({@link dev.concurrencylab.lab.monitor.MemoryPace})
 * @param jfr      a JFR recording of the server is kept for each trial's measured window
 */
public record Benchmark(String name, String workload, Scaled<RequestSpec> request, Checks checks, List<String> services,
        String statsKey, Scaled<LoadModel> load, boolean cold, boolean watched, boolean paced, boolean jfr) {

    /** The request at a scale: a workload parameter may differ by scale. */
    public RequestSpec request(Scale scale) {
        return request.at(scale);
    }

    /** The same benchmark under another name and load: one level of a sweep. */
    public Benchmark at(String level, Scaled<LoadModel> levelLoad) {
        return new Benchmark(level, workload, request, checks, services, statsKey, levelLoad, cold, watched, paced, jfr);
    }

    /** The same benchmark with the machine's pace timed ({@code --pace}). */
    public Benchmark withPace() {
        return new Benchmark(name, workload, request, checks, services, statsKey, load, cold, watched, true, jfr);
    }

    /** The same benchmark with JFR recording on ({@code --jfr}). */
    public Benchmark withJfr() {
        return new Benchmark(name, workload, request, checks, services, statsKey, load, cold, watched, paced, true);
    }
}
