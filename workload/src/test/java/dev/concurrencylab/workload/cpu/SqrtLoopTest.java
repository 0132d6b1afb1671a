package dev.concurrencylab.workload.cpu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class SqrtLoopTest {

    @Test
    void sumsTheSquareRootsOfEveryStep() {
        assertThat(SqrtLoop.run(0)).isZero();
        assertThat(SqrtLoop.run(5)).isCloseTo(0 + 1 + Math.sqrt(2) + Math.sqrt(3) + 2, within(1e-12));
    }

    @Test
    void rejectsNegativeIterations() {
        assertThatIllegalArgumentException().isThrownBy(() -> SqrtLoop.run(-1)).withMessageContaining("-1");
    }
}
