package dev.concurrencylab.sut.webflux.async;

import dev.concurrencylab.sut.common.async.Handoffs;
import dev.concurrencylab.sut.common.brokers.Brokers;
import dev.concurrencylab.sut.common.web.Problems;
import dev.concurrencylab.sut.common.web.WorkThreadHeader;
import dev.concurrencylab.workload.async.Handoff;
import dev.concurrencylab.workload.async.Strategy;
import dev.concurrencylab.workload.async.WorkItem;
import dev.concurrencylab.workload.async.Worker;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.data.redis.core.ReactiveStringRedisTemplate;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * E2 on WebFlux. {@code sync} waits with a timer; Redis publishes reactively; RabbitMQ's client
 * blocks, so it runs on {@code boundedElastic}; the executors and Kafka's producer only enqueue.
 */
@RestController
class AsyncController {

    private final Handoffs handoffs;
    private final Worker worker;
    private final ObjectProvider<ReactiveStringRedisTemplate> redis;
    private final WorkThreadHeader workThread;
    private final Brokers brokers;

    AsyncController(Handoffs handoffs, Worker worker, ObjectProvider<ReactiveStringRedisTemplate> redis,
            WorkThreadHeader workThread, Brokers brokers) {
        this.handoffs = handoffs;
        this.worker = worker;
        this.redis = redis;
        this.workThread = workThread;
        this.brokers = brokers;
    }

    @PostMapping("/async/{strategy}")
    Mono<ResponseEntity<Handoff>> handOff(@PathVariable String strategy, @RequestParam(name = "work-ms", required = false) Long workMs) {
        Strategy chosen = Strategy.ofPath(strategy).orElseThrow(() -> Problems.badRequest(
                "unknown strategy '" + strategy + "'; one of: " + Strategy.acceptedPaths()));
        WorkItem item = handoffs.begin(chosen, workMs);
        Mono<Void> handedOff = switch (chosen) {
            case SYNC -> Mono.delay(worker.workTime(item)).doOnNext(tick -> handoffs.ledger().complete(item)).then();
            case REDIS -> redis.getObject().convertAndSend(brokers.work(), item.encode())
                    .doOnNext(receivers -> handoffs.receivedBy(item, receivers))
                    .onErrorMap(error -> handoffs.failed(item, error)).then();
            case RABBITMQ -> Mono.fromRunnable(() -> handoffs.send(item)).subscribeOn(Schedulers.boundedElastic()).then();
            default -> Mono.fromRunnable(() -> handoffs.send(item));
        };
        HttpStatus status = chosen == Strategy.SYNC ? HttpStatus.OK : HttpStatus.ACCEPTED;
        return handedOff.then(Mono.fromSupplier(() -> workThread.respond(status, Handoff.of(item))));
    }
}
