package dev.concurrencylab.lab.verdict;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import org.junit.jupiter.api.Test;

class RatioIntervalTest {

    private static String twoDecimals(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }

    @Test
    void endsAHundredfoldApartOrCloserArePrintedAndWiderOnesAreTooWideToTell() {
        assertThat(new RatioInterval(1, 0.1, 10, 1).ends(RatioIntervalTest::twoDecimals)).isEqualTo("0.10–10.00");
        assertThat(new RatioInterval(1, 0.099, 10, 1).ends(RatioIntervalTest::twoDecimals)).isEqualTo("too wide to tell");
        assertThat(RatioInterval.ends(0.00016, 105545, RatioIntervalTest::twoDecimals)).isEqualTo("too wide to tell");
    }
}
