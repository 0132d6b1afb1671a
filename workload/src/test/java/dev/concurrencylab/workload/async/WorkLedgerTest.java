package dev.concurrencylab.workload.async;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class WorkLedgerTest {

    private final WorkLedger ledger = new WorkLedger();

    @Test
    void countsHandedOffCompletedAndFailedPerStrategy() {
        WorkItem a = ledger.handOff(Strategy.KAFKA);
        WorkItem b = ledger.handOff(Strategy.KAFKA);
        ledger.handOff(Strategy.REDIS);
        ledger.complete(a);
        ledger.fail(b);

        assertThat(ledger.stats(Strategy.KAFKA)).extracting(WorkStats::handedOff, WorkStats::completed, WorkStats::failed)
                .containsExactly(2L, 1L, 1L);
        assertThat(ledger.stats(Strategy.REDIS).completed()).isZero();
    }

    @Test
    void statsReadWhileItemsCompleteHoldTheLatencyOfEveryCompletionTheyCount() throws Exception {
        // A caller waits for "one more completed" and then reads that item's latency from the same stats.
        Thread completing = Thread.ofPlatform().start(() -> {
            for (int i = 0; i < 200_000; i++) {
                ledger.complete(ledger.handOff(Strategy.ASYNC_SIMPLE));
            }
        });
        long behind = 0;
        while (completing.isAlive()) {
            WorkStats stats = ledger.stats(Strategy.ASYNC_SIMPLE);
            behind = Math.max(behind, stats.completed() - stats.latencyCount());
        }
        completing.join();

        assertThat(behind).as("completions counted without their latency").isZero();
    }

    @Test
    void latencyRunsFromHandOffToCompletionAndAWindowsOwnQueuedItemDoesItsWholeJob() {
        Worker worker = new Worker(ledger, Duration.ofMillis(30));
        worker.work(ledger.handOff(Strategy.SYNC));
        worker.consume(ledger.handOff(Strategy.REDIS));

        for (Strategy strategy : List.of(Strategy.SYNC, Strategy.REDIS)) {
            WorkStats stats = ledger.stats(strategy);
            assertThat(stats.latencyCount()).as(strategy.path()).isEqualTo(1);
            assertThat(stats.latencyMaxMs()).as(strategy.path()).isGreaterThanOrEqualTo(30);
        }
    }

    @Test
    void aQueuedItemOfAWindowThatClosedIsPassedOverWithoutItsJob() throws Exception {
        Worker worker = new Worker(ledger, Duration.ofMillis(50));
        WorkItem leftOver = ledger.handOff(Strategy.KAFKA, 60_000);
        ledger.reset();

        Thread consumer = Thread.ofPlatform().start(() -> worker.consume(leftOver));
        consumer.join(Duration.ofSeconds(30));

        assertThat(consumer.isAlive()).as("still doing a minute's job for a closed window").isFalse();
        assertThat(ledger.stats(Strategy.KAFKA)).extracting(WorkStats::handedOff, WorkStats::completed, WorkStats::earlierFinished)
                .containsExactly(0L, 0L, 1L);
    }

    @Test
    void anItemAtWorkWhenItsWindowClosesStopsThere() throws Exception {
        // A warm-up's item a pool thread is still on as the window opens would keep that thread, and the pool's queue, full.
        Worker worker = new Worker(ledger, Duration.ofMillis(50));
        WorkItem warmUp = ledger.handOff(Strategy.ASYNC_POOL, 60_000);
        Thread consumer = Thread.ofPlatform().start(() -> worker.consume(warmUp));
        while (consumer.getState() != Thread.State.TIMED_WAITING) {
            Thread.onSpinWait();
        }
        ledger.reset();
        consumer.join(Duration.ofSeconds(30));

        assertThat(consumer.isAlive()).as("still doing a minute's job for a closed window").isFalse();
        assertThat(ledger.stats(Strategy.ASYNC_POOL).earlierFinished()).isEqualTo(1);
    }

    @Test
    void itemsHandedOffBeforeTheWindowOpenedAreNotCountedWhenTheyFinishInIt() {
        WorkItem warmUp = ledger.handOff(Strategy.RABBITMQ);
        WorkItem lostInWarmUp = ledger.handOff(Strategy.RABBITMQ);
        ledger.reset();
        WorkItem measured = ledger.handOff(Strategy.RABBITMQ);
        ledger.complete(warmUp);
        ledger.fail(lostInWarmUp);
        ledger.complete(measured);

        assertThat(ledger.stats(Strategy.RABBITMQ)).extracting(WorkStats::handedOff, WorkStats::completed, WorkStats::failed,
                WorkStats::latencyCount).containsExactly(1L, 1L, 0L, 1L);
        // Counted apart: they show the consumers still draining older work ahead of the window's.
        assertThat(ledger.stats(Strategy.RABBITMQ).earlierFinished()).isEqualTo(2);
    }

    @Test
    void anItemHandedOffWhileTheWindowResetsIsCountedWholeInOneWindow() throws Exception {
        // The test owns every thread that touches the ledger: the only race is between its hand-offs and its resets.
        AtomicBoolean running = new AtomicBoolean(true);
        List<Thread> workers = IntStream.range(0, 2).mapToObj(i -> Thread.ofPlatform().start(() -> {
            while (running.get()) {
                ledger.complete(ledger.handOff(Strategy.KAFKA));
            }
        })).toList();
        for (int i = 0; i < 20_000; i++) {
            ledger.reset();
        }
        running.set(false);
        for (Thread worker : workers) {
            worker.join();
        }

        WorkStats last = ledger.stats(Strategy.KAFKA);
        assertThat(last.completed()).as("completed in the last window").isEqualTo(last.handedOff());
    }

    @Test
    void resetStartsEveryCountAfresh() {
        ledger.complete(ledger.handOff(Strategy.ASYNC_POOL));
        ledger.reset();
        assertThat(ledger.stats(Strategy.ASYNC_POOL)).isEqualTo(new WorkStats(0, 0, 0, 0, 0, 0, 0, 0, 0, 0));
    }

    @Test
    void itemsSurviveTheTripThroughABrokerWithTheirJobTime() {
        WorkItem item = ledger.handOff(Strategy.KAFKA, 3000);
        assertThat(WorkItem.decode(item.encode())).isEqualTo(item);
        assertThat(new Worker(ledger, Duration.ofMillis(50)).workTime(WorkItem.decode(item.encode()))).isEqualTo(Duration.ofSeconds(3));
    }

    @Test
    void anItemWithoutAJobTimeTakesTheConfiguredOne() {
        assertThat(new Worker(ledger, Duration.ofMillis(50)).workTime(ledger.handOff(Strategy.ASYNC_SIMPLE))).isEqualTo(Duration.ofMillis(50));
    }

    @Test
    void publishesCountsAndLatencyAsMeters() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        ledger.bindTo(registry);
        ledger.complete(ledger.handOff(Strategy.RABBITMQ));

        assertThat(registry.get("sut.work.completed").tag("strategy", "rabbitmq").functionCounter().count()).isEqualTo(1);
        assertThat(registry.get("sut.work.latency").tag("strategy", "rabbitmq").functionTimer().count()).isEqualTo(1);
    }

    @Test
    void onlyTheAsyncEndpointStrategiesParseFromAPath() {
        assertThat(Strategy.ofPath("async-pool")).contains(Strategy.ASYNC_POOL);
        assertThat(Strategy.ofPath("post-save-publish")).isEmpty();
        assertThat(Strategy.ofPath("carrier-pigeon")).isEmpty();
    }
}
