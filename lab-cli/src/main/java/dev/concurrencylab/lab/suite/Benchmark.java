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
 * @param design   fresh servers per trial, or live servers measured in slices seconds apart ({@link Design})
 */
public record Benchmark(String name, String workload, Scaled<RequestSpec> request, Checks checks, List<String> services,
        String statsKey, Scaled<LoadModel> load, boolean cold, boolean watched, boolean paced, boolean jfr, Design design) {

    /** A benchmark of the fresh design. */
    public Benchmark(String name, String workload, Scaled<RequestSpec> request, Checks checks, List<String> services,
            String statsKey, Scaled<LoadModel> load, boolean cold, boolean watched, boolean paced, boolean jfr) {
        this(name, workload, request, checks, services, statsKey, load, cold, watched, paced, jfr, Design.FRESH);
    }

    /** True when its variants are measured in slices of live servers ({@link Design#PAIRED}). */
    public boolean paired() {
        return design == Design.PAIRED;
    }

    /** The request at a scale: a workload parameter may differ by scale. */
    public RequestSpec request(Scale scale) {
        return request.at(scale);
    }

    /** The same benchmark under another name and load: one level of a sweep. */
    public Benchmark at(String level, Scaled<LoadModel> levelLoad) {
        return new Benchmark(level, workload, request, checks, services, statsKey, levelLoad, cold, watched, paced, jfr, design);
    }

    /** True when its load holds one level at every scale, so it can be measured in slices. */
    public boolean pairable() {
        return !cold && java.util.Arrays.stream(Scale.values()).allMatch(s -> {
            LoadModel model = load.at(s);
            return model.sliced(model.plannedDuration().orElse(java.time.Duration.ZERO)).isPresent();
        });
    }

    /** The same benchmark in {@code design}, where it can be: a benchmark that cannot be paired stays fresh. */
    public Benchmark withDesign(Design wanted) {
        Design d = wanted == Design.PAIRED && !pairable() ? Design.FRESH : wanted;
        return new Benchmark(name, workload, request, checks, services, statsKey, load, cold, watched, paced, jfr, d);
    }

    /** The same benchmark with the machine's pace timed ({@code --pace}). */
    public Benchmark withPace() {
        return new Benchmark(name, workload, request, checks, services, statsKey, load, cold, watched, true, jfr, design);
    }

    /** The same benchmark with JFR recording on ({@code --jfr}). */
    public Benchmark withJfr() {
        return new Benchmark(name, workload, request, checks, services, statsKey, load, cold, watched, paced, true, design);
    }
}
