package dev.concurrencylab.lab.cpu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class CpuLayoutTest {

    @Test
    void twoCpusPutTheDriverOnOneAndServerAndServicesOnTheOther() {
        CpuLayout layout = CpuLayout.plan(List.of(0, 1));

        assertThat(layout.pinned()).isTrue();
        assertThat(layout.driver()).isEqualTo("0");
        assertThat(layout.sut()).isEqualTo("1");
        assertThat(layout.services()).isEqualTo("1");
        assertThat(layout.driverCpuCount()).isEqualTo(1);
    }

    @Test
    void moreCpusGiveTheServerTheLargestShare() {
        CpuLayout layout = CpuLayout.plan(List.of(0, 1, 2, 3, 4, 5, 6, 7));

        assertThat(layout.driver()).isEqualTo("0-1");
        assertThat(layout.sut()).isEqualTo("2-5");
        assertThat(layout.services()).isEqualTo("6-7");
    }

    @Test
    void oneCpuIsNotPinnedAndSaysWhy() {
        CpuLayout layout = CpuLayout.plan(List.of(0));

        assertThat(layout.pinned()).isFalse();
        assertThat(layout.describe()).contains("only 1 CPU");
    }

    @Test
    void cpusOptionChangesOnlyTheRolesItNames() {
        CpuLayout layout = CpuLayout.parse(List.of("sut=1-3", "services=3"), List.of(0, 1, 2, 3));

        assertThat(layout.driver()).isEqualTo("0");
        assertThat(layout.sut()).isEqualTo("1-3");
        assertThat(layout.services()).isEqualTo("3");
        assertThat(CpuLayout.parse(List.of("off"), List.of(0, 1)).pinned()).isFalse();
    }

    @Test
    void badCpusValuesAreRejectedWithTheValue() {
        assertThatThrownBy(() -> CpuLayout.parse(List.of("db=1"), List.of(0, 1))).hasMessageContaining("--cpus db=1");
        assertThatThrownBy(() -> CpuLayout.parse(List.of("sut=x"), List.of(0, 1))).hasMessageContaining("not a CPU list");
        assertThatThrownBy(() -> CpuLayout.parse(List.of("sut=7"), List.of(0, 1))).hasMessageContaining("only use CPUs 0-1");
    }
}
