package dev.concurrencylab.lab.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class MixOrderTest {

    private static int[] counts(MixOrder order, int size, long from, long n) {
        int[] counts = new int[size];
        for (long i = from; i < from + n; i++) {
            counts[order.at(i)]++;
        }
        return counts;
    }

    @Test
    void everyCycleHoldsEachRequestExactlyItsWeightOnceTheCommonFactorIsTakenOut() {
        MixOrder order = MixOrder.of(List.of(80, 20));

        assertThat(counts(order, 2, 0, 5)).containsExactly(4, 1);
        assertThat(counts(order, 2, 3, 500)).containsExactly(400, 100);
    }

    @Test
    void aWindowCutAnywhereHoldsEachRequestWithinOneOfItsShare() {
        List<Integer> weights = List.of(50, 30, 20);
        MixOrder order = MixOrder.of(weights);

        // A cycle sent request by request (five of the first, then three, then two) would be 2.5 off within it.
        for (int start = 0; start < 10; start++) {
            for (int n = 1; n <= 10; n++) {
                int[] counts = counts(order, 3, start, n);
                for (int i = 0; i < 3; i++) {
                    assertThat((double) counts[i]).as("from %d, %d requests, request %d", start, n, i)
                            .isCloseTo(n * weights.get(i) / 100.0, org.assertj.core.data.Offset.offset(1.0));
                }
            }
        }
    }

    @Test
    void weightsWithoutACommonFactorPastTheCyclesBoundAreRefused() {
        assertThatThrownBy(() -> MixOrder.of(List.of(9_999, 2))).hasMessageContaining("at most 10000, not 10001");
        assertThatThrownBy(() -> MixOrder.of(List.of(1, 0))).hasMessageContaining("at least 1");
    }
}
