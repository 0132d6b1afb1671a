package dev.concurrencylab.lab.cli;

import dev.concurrencylab.lab.export.Export;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;

/** {@code --export FORMAT DIR}, for {@code run} (when it ends) and {@code report} (a finished directory). */
final class ExportOptions {

    @Option(names = "--export", arity = "2", hideParamSyntax = true, paramLabel = "openmetrics|junit DIR",
            description = {"also write the results for other tools into",
                    "DIR (repeat the option for both formats):",
                    "openmetrics: <run>.om.txt, each trial's",
                    "  per-second series and figures at their own",
                    "  times, labelled suite, variant, benchmark,",
                    "  trial, request; load it into Prometheus with",
                    "  promtool tsdb create-blocks-from openmetrics",
                    "junit: TEST-lab-<run>.xml for CI, a test case",
                    "  per threshold and check of each variant and",
                    "  benchmark, failed where it failed, with the",
                    "  measured figures",
                    "  (docs/results-schema.md#exports)"})
    List<String> words = new ArrayList<>();

    /** Refuses an unknown format (bad input) before anything runs, so a typo costs no run. */
    void check() {
        targets();
    }

    /** Each format asked for and its folder. */
    private Map<Export, Path> targets() {
        Map<Export, Path> out = new LinkedHashMap<>();
        for (int i = 0; i + 1 < words.size(); i += 2) {
            out.put(Export.of(words.get(i)), Path.of(words.get(i + 1)));
        }
        return out;
    }

    /** Writes every export asked for from the results in {@code dir} and says where. */
    void write(Path dir) {
        targets().forEach((format, folder) -> System.out.println("lab: " + format.key() + " export: " + format.write(dir, folder)));
    }
}
