package dev.concurrencylab.lab.report;

import dev.concurrencylab.lab.result.RunInfo;
import dev.concurrencylab.lab.result.RunPart;
import dev.concurrencylab.lab.result.RunResults;
import dev.concurrencylab.lab.result.TrialResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/** How the findings name a run and the facts a reader places it by: its commit, day, wall time and machine. */
final class RunFacts {

    private RunFacts() {
    }

    /** The directory's name: the run's name in the findings and in docs/runs. */
    static String name(RunResults r) {
        return r.dir().toAbsolutePath().normalize().getFileName().toString();
    }

    /** The run's report, relative to the findings beside docs/runs. */
    static String report(RunResults r) {
        return "runs/" + name(r) + "/report.md";
    }

    static String trials(RunResults r) {
        long ok = r.trials().stream().filter(TrialResult::ok).count();
        return ok == r.trials().size() ? Integer.toString(r.trials().size()) : ok + " of " + r.trials().size() + " ok";
    }

    static String wall(RunInfo run) {
        Optional<Duration> wall = run.progress().wallTime();
        if (wall.isEmpty()) {
            return "not recorded (" + run.progress().status() + ")";
        }
        Duration d = wall.get();
        String parts = run.progress().parts() == null ? "" : " in " + run.progress().parts().size() + " parts";
        return String.format(Locale.ROOT, "%d min %02d s%s", d.toMinutes(), d.toSecondsPart(), parts);
    }

    /** The run's commit; a resumed run's parts' commits, each once, when they differ. */
    static String shortCommit(RunInfo run) {
        return withParts(run, run.platform().gitCommit(), RunPart::gitCommit, 7);
    }

    /** The day it started; a resumed run's, each day a part started on. */
    static String day(RunInfo run) {
        return withParts(run, run.progress().started(), RunPart::started, 10);
    }

    /** The run's value and each resumed part's, cut to {@code length}, each once. */
    private static String withParts(RunInfo run, String first, Function<RunPart, String> ofPart, int length) {
        List<String> values = new ArrayList<>();
        values.add(first);
        if (run.progress().parts() != null) {
            run.progress().parts().forEach(p -> values.add(ofPart.apply(p)));
        }
        return String.join(", ", values.stream().map(v -> v == null ? "?" : v.substring(0, Math.min(length, v.length()))).distinct().toList());
    }

    /**
     * "Intel Xeon, 2 CPUs": the CPU model as recorded, its trademarks left out, and how many CPUs the run had; a resumed
     * run's later parts' CPU models where they differ, since a part may have run on another.
     */
    static String machine(RunInfo run) {
        Map<String, String> m = run.platform().machine() == null ? Map.of() : run.platform().machine();
        String model = cpuModel(run);
        List<String> others = run.progress().parts() == null ? List.of() : run.progress().parts().stream()
                .map(p -> plain(p.cpuModel())).distinct().filter(o -> !o.equals(model)).toList();
        return model + ", " + m.getOrDefault("cpus", "?") + " CPUs" + (others.isEmpty() ? "" : "; then " + String.join("; ", others));
    }

    static String cpuModel(RunInfo run) {
        return plain(run.platform().machine() == null ? null : run.platform().machine().get("cpuModel"));
    }

    static String cpus(RunInfo run) {
        return run.platform().machine() == null ? "?" : run.platform().machine().getOrDefault("cpus", "?");
    }

    private static String plain(String cpuModel) {
        return Objects.toString(cpuModel, "?").replace("(R)", "").replace("(TM)", "").replace(" Processor", "").strip();
    }
}
