package dev.concurrencylab.lab.load.share;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concurrencylab.lab.load.Checks;
import dev.concurrencylab.lab.load.LoadListener;
import dev.concurrencylab.lab.load.LoadModel;
import dev.concurrencylab.lab.load.LoadResult;
import dev.concurrencylab.lab.load.LoadRun;
import dev.concurrencylab.lab.load.NamedRequest;
import dev.concurrencylab.lab.load.OpenRate;
import dev.concurrencylab.lab.load.RequestLoad;
import dev.concurrencylab.lab.load.RequestSpec;
import dev.concurrencylab.lab.load.Warmup;
import dev.concurrencylab.lab.load.hyperfoil.HyperfoilDriver;
import dev.concurrencylab.lab.load.hyperfoil.MicroServer;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

@Isolated
class ShareWireTest {

    @Test
    void aShareAndWhatItMeasuredCrossTheWireWhole() throws Exception {
        try (MicroServer server = new MicroServer("127.0.0.1")) {
            LoadRun run = new LoadRun(server.uri("127.0.0.1"), new RequestSpec("GET", "/hello", null, null, Duration.ofSeconds(5)),
                    new Checks(200, "Hello", null), new OpenRate(500, Duration.ofSeconds(2), 0), Warmup.fixed(Duration.ofSeconds(1)));
            ShareWire.Share share = ShareWire.readShare(ShareWire.write(ShareWire.Share.of(run, run.model(), 1234L)));
            assertThat(share.run()).isEqualTo(run);
            assertThat(share.startAtMillis()).isEqualTo(1234L);

            LoadResult measured = new HyperfoilDriver(1).run(share.run(), LoadListener.NONE);
            LoadResult back = ShareWire.readResult(ShareWire.write(measured));

            assertThat(back.latencyNanos()).isEqualTo(measured.latencyNanos());
            assertThat(back.failedLatencyNanos()).isEqualTo(measured.failedLatencyNanos());
            assertThat(back.goodPerSecond()).as("each second's response times").hasSameSizeAs(measured.series()).isEqualTo(measured.goodPerSecond());
            assertThat(back).usingRecursiveComparison().ignoringFields("latencyNanos", "failedLatencyNanos", "goodPerSecond").isEqualTo(measured);
            // one part merges to itself
            assertThat(MergedLoad.merge(List.of(back), List.of("here"))).isSameAs(back);
        }
    }

    @Test
    void aMixsRequestsCrossTheWireAndMergeByName() throws Exception {
        try (MicroServer server = new MicroServer("127.0.0.1")) {
            RequestSpec mix = RequestSpec.mixed(List.of(
                    new NamedRequest("read", 3, new RequestSpec("GET", "/read", null, null, Duration.ofSeconds(5)), new Checks(200, null, null)),
                    new NamedRequest("write", 1, new RequestSpec("POST", "/write", "{}", "application/json", Duration.ofSeconds(5)), Checks.NONE)));
            LoadRun run = new LoadRun(server.uri("127.0.0.1"), mix, Checks.NONE, new LoadModel.CountXConcurrency(400, 4), Warmup.NONE);
            ShareWire.Share share = ShareWire.readShare(ShareWire.write(ShareWire.Share.of(run, run.model(), 1234L)));
            assertThat(share.run()).isEqualTo(run);

            LoadResult back = ShareWire.readResult(ShareWire.write(new HyperfoilDriver(1).run(share.run(), LoadListener.NONE)));
            LoadResult merged = MergedLoad.merge(List.of(back, back), List.of("one", "two"));

            assertThat(back.requests()).extracting(RequestLoad::name).containsExactly("read", "write");
            assertThat(back.requests().get(1).good()).isEqualTo(100);
            assertThat(merged.requests()).extracting(RequestLoad::sent).containsExactly(600L, 200L);
            assertThat(merged.requests().get(0).latencyNanos().getTotalCount()).isEqualTo(600);
        }
    }
}
