package dev.concurrencylab.lab.verdict;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.concurrencylab.lab.load.SecondStats;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class WholeSecondsTest {

    @Test
    void aSliverOfASecondPastTheWindowsLastIsNoLevel() {
        // The series a halving server left beside a test run: 6 s at 188, 6 at 96, and 4 answers in the 0.02 s after.
        List<SecondStats> series = series(188, 188, 188, 188, 188, 188, 96, 96, 96, 96, 96, 92, 4);

        double[] rates = WholeSeconds.rates(series, 12.02, SecondStats::answered);

        assertThat(rates).hasSize(12).endsWith(96, 92);
        assertThat(WindowShapes.of("answers", rates, true, 0.05, 0).shape().key()).isEqualTo("slowdown");
        assertThat(WindowShapes.of("answers", series.stream().mapToDouble(SecondStats::answered).toArray(), true, 0.05, 0).shape().key())
                .as("read as it stands, the sliver is a level of its own").isEqualTo("no-steady-state");
    }

    @Test
    void aLastSecondTheWindowMostlyCoveredCountsPerThePartItCovered() {
        List<SecondStats> series = series(100, 100, 100, 100, 100, 100, 100, 100, 100, 70);

        double[] rates = WholeSeconds.rates(series, 9.7, SecondStats::answered);

        assertThat(rates).hasSize(10);
        assertThat(rates[9]).isCloseTo(100, within(1e-9));
        assertThat(WindowShapes.of("answers", rates, true, 0.05, 0).flat()).isTrue();
    }

    @Test
    void aPercentileIsKeptAsItIsButForASliver() {
        List<SecondStats> series = series(100, 100, 100, 100, 100, 100, 100, 100, 100, 70, 3);

        assertThat(WholeSeconds.levels(series, 10.1, SecondStats::p50Ms)).hasSize(10).containsOnly(20);
        assertThat(WholeSeconds.levels(series, 10.6, SecondStats::p50Ms)).hasSize(11);
    }

    @Test
    void aWindowOfUnknownLengthIsReadAsItStands() {
        // Older records and windows whose last seconds saw no request: nothing to tell a part-second by.
        List<SecondStats> series = series(100, 100, 100, 4);

        assertThat(WholeSeconds.rates(series, 0, SecondStats::answered)).containsExactly(100, 100, 100, 4);
        assertThat(WholeSeconds.rates(series, 6.5, SecondStats::answered)).containsExactly(100, 100, 100, 4);
    }

    private static List<SecondStats> series(long... answered) {
        return IntStream.range(0, answered.length).mapToObj(i -> new SecondStats(i, answered[i], answered[i], 0, 20, 25, 30)).toList();
    }
}
