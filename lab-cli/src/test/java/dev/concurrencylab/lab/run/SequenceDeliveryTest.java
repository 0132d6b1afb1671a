package dev.concurrencylab.lab.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.concurrencylab.lab.load.Checks;
import dev.concurrencylab.lab.load.LoadListener;
import dev.concurrencylab.lab.load.LoadModel;
import dev.concurrencylab.lab.load.LoadResult;
import dev.concurrencylab.lab.load.LoadRun;
import dev.concurrencylab.lab.load.NamedRequest;
import dev.concurrencylab.lab.load.OpenRate;
import dev.concurrencylab.lab.load.RequestSpec;
import dev.concurrencylab.lab.load.Warmup;
import dev.concurrencylab.lab.load.hyperfoil.HyperfoilDriver;
import dev.concurrencylab.lab.load.hyperfoil.MicroServer;
import dev.concurrencylab.lab.result.Delivery;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/** An open model's sequence: its rate is of sessions, so what it asked for is counted in requests as what it sent is. */
@Isolated
class SequenceDeliveryTest {

    @Test
    void anOpenSequenceAsksForItsRateTimesItsStepsAndIsNotShortOfIt() throws Exception {
        try (MicroServer server = new MicroServer("127.0.0.1")) {
            RequestSpec sequence = RequestSpec.sequence(List.of("list", "view", "edit").stream()
                    .map(name -> new NamedRequest(name, 1, new RequestSpec("GET", "/" + name, null, null, Duration.ofSeconds(5)), Checks.NONE))
                    .toList());
            LoadModel model = new OpenRate(100, Duration.ofSeconds(2), 400, 0);
            LoadResult load = new HyperfoilDriver(1).run(new LoadRun(server.uri("127.0.0.1"), sequence, Checks.NONE, model, Warmup.NONE),
                    LoadListener.NONE);

            Delivery delivery = Attribution.of(model, load, false, sequence.perSession()).delivery();
            assertThat(delivery.targetRate()).isEqualTo(300);
            assertThat(delivery.achievedRate()).isCloseTo(300, within(30.0));
            assertThat(delivery.shortfall()).isLessThan(0.1);
        }
    }
}
