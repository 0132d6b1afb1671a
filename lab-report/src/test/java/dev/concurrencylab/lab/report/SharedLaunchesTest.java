package dev.concurrencylab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concurrencylab.lab.result.TrialResult;
import dev.concurrencylab.lab.result.Trials;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the report says a shared launch changed: over all variants, and each variant's own step. */
class SharedLaunchesTest {

    @Test
    void eachVariantsStepIsSaidBesideTheCommonOneSoALargeStepIsNotAveragedAway() {
        // "slow" is 1.5x faster second on each of its four servers, "quick" the same both times (give or take 1 %)
        double[] levels = {1_000, 1_400, 800, 1_200};
        double[] noise = {1.01, 0.99, 1.0, 0.995};
        List<TrialResult> trials = new ArrayList<>();
        for (String variant : List.of("slow", "quick")) {
            double step = variant.equals("slow") ? 1.5 : 1.0;
            for (int server = 0; server < levels.length; server++) {
                String[] order = server % 2 == 0 ? new String[] {"first", "again"} : new String[] {"again", "first"};
                int launch = trials.size() + 1;
                trials.add(Trials.onServer(launch, variant, order[0], levels[server], null));
                trials.add(Trials.onServer(launch + 1, variant, order[1], levels[server] * step * noise[server], launch));
            }
        }

        String said = SharedLaunches.summary(trials);

        assertThat(said).contains("(8 servers)")
                .containsPattern("each variant's servers alone: slow 1\\.(49|50)× \\(95 % CI 1\\.4\\d–1\\.5\\d\\), 4 servers; "
                        + "quick 1\\.00× \\(95 % CI 0\\.9\\d–1\\.0\\d\\), 4 servers\\.");
    }

    @Test
    void oneVariantsRunSaysItsStepOnce() {
        List<TrialResult> trials = new ArrayList<>();
        for (int server = 0; server < 3; server++) {
            int launch = trials.size() + 1;
            String[] order = server % 2 == 0 ? new String[] {"first", "again"} : new String[] {"again", "first"};
            trials.add(Trials.onServer(launch, "only", order[0], 1_000 + server * 100, null));
            trials.add(Trials.onServer(launch + 1, "only", order[1], (1_000 + server * 100) * (1.2 + server * 0.01), launch));
        }

        assertThat(SharedLaunches.summary(trials)).contains("(3 servers)").doesNotContain("alone");
    }
}
