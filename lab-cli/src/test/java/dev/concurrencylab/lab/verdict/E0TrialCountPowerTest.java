package dev.concurrencylab.lab.verdict;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concurrencylab.lab.suite.Catalog;
import dev.concurrencylab.lab.suite.Scale;
import dev.concurrencylab.lab.suite.SuiteLoader;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The verdict rule's power at the trial count E0's suite file gives: the suite is the engine's, so this test is lab-cli's. */
class E0TrialCountPowerTest {

    @Test
    void aTwentyPercentDifferenceIsFoundMostOfTheTimeWithE0sStandardTrialCount() {
        int trials = new SuiteLoader(Catalog.load(home())).load("e0-posts").trials().at(Scale.STANDARD);

        double power = VerdictErrorRatesTest.claimRate(1.2, VerdictErrorRatesTest.REAL_SPREAD, trials, new Random(7));

        assertThat(power).as("power at a 20 %% difference with %d trials each", trials).isGreaterThan(0.5);
    }

    private static Path home() {
        return Path.of(System.getProperty("lab.home", "..")).toAbsolutePath().normalize();
    }
}
