package dev.concurrencylab.lab.load.share;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.concurrencylab.lab.binding.InvalidSetting;
import dev.concurrencylab.lab.load.LoadModel;
import dev.concurrencylab.lab.load.OpenRate;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class LoadSharesTest {

    @Test
    void anOpenRateSplitsEvenlyAndItsSessionsAddUpToTheTotal() {
        List<LoadModel> shares = LoadShares.split(new OpenRate(1_000, Duration.ofSeconds(10), 301), 3);

        assertThat(shares).allSatisfy(s -> assertThat(((OpenRate) s).duration()).isEqualTo(Duration.ofSeconds(10)));
        assertThat(shares.stream().mapToDouble(s -> ((OpenRate) s).rate()).sum()).isCloseTo(1_000, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(shares.stream().map(s -> ((OpenRate) s).maxSessions()).toList()).containsExactly(101, 100, 100);
    }

    @Test
    void usersAndCountsAreWholeAndAddUpExactly() {
        List<LoadModel> users = LoadShares.split(new LoadModel.UsersXRequests(10, 50), 3);
        assertThat(users.stream().map(s -> ((LoadModel.UsersXRequests) s).users()).toList()).containsExactly(4, 3, 3);

        List<LoadModel> ab = LoadShares.split(new LoadModel.CountXConcurrency(1_000, 10), 4);
        assertThat(ab.stream().mapToInt(s -> ((LoadModel.CountXConcurrency) s).count()).sum()).isEqualTo(1_000);
        assertThat(ab.stream().mapToInt(s -> ((LoadModel.CountXConcurrency) s).concurrency()).sum()).isEqualTo(10);

        List<LoadModel> burst = LoadShares.split(new LoadModel.Burst(10_001), 2);
        assertThat(burst.stream().map(s -> ((LoadModel.Burst) s).count()).toList()).containsExactly(5_001, 5_000);
    }

    @Test
    void fewerUsersThanDriversIsRefusedWithTheNumbers() {
        assertThatThrownBy(() -> LoadShares.split(new LoadModel.MaxRate(2, Duration.ofSeconds(5)), 3))
                .isInstanceOf(InvalidSetting.class).hasMessageContaining("workers 2 cannot be split over 3 driver hosts");
    }
}
