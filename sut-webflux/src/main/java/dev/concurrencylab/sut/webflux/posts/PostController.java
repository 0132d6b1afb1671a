package dev.concurrencylab.sut.webflux.posts;

import dev.concurrencylab.sut.common.async.Ack;
import dev.concurrencylab.sut.common.async.Handoffs;
import dev.concurrencylab.sut.common.brokers.PostPublisher;
import dev.concurrencylab.sut.common.web.Problems;
import dev.concurrencylab.sut.common.web.WorkThreadHeader;
import dev.concurrencylab.workload.async.Handoff;
import dev.concurrencylab.workload.async.Strategy;
import dev.concurrencylab.workload.async.WorkItem;
import dev.concurrencylab.workload.posts.DemoRow;
import dev.concurrencylab.workload.posts.NewPost;
import dev.concurrencylab.workload.posts.PostView;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** E0's read, E4's I/O read and E3's save-then-publish, as publishers. */
@RestController
class PostController {

    private final PostStore posts;
    private final PostPublisher publisher;
    private final Handoffs handoffs;
    private final WorkThreadHeader workThread;

    PostController(PostStore posts, PostPublisher publisher, Handoffs handoffs, WorkThreadHeader workThread) {
        this.posts = posts;
        this.publisher = publisher;
        this.handoffs = handoffs;
        this.workThread = workThread;
    }

    @GetMapping("/posts/{id}")
    Mono<ResponseEntity<PostView>> post(@PathVariable long id) {
        return posts.find(id)
                .switchIfEmpty(Mono.error(() -> Problems.notFound("post " + id + " not found")))
                .map(found -> workThread.respond(HttpStatus.OK, found.value(), found.thread()));
    }

    @GetMapping("/demo")
    Mono<ResponseEntity<DemoRow>> demo() {
        return posts.demo().map(row -> workThread.respond(HttpStatus.OK, row.value(), row.thread()));
    }

    @PostMapping("/posts")
    Mono<ResponseEntity<?>> create(@RequestBody NewPost post, @RequestParam(defaultValue = "saved") String ack) {
        Ack mode = Ack.validate(post, ack);
        if (mode == Ack.PUBLISHED) {
            handoffs.requireBroker(Strategy.POST_SAVE_PUBLISH);
            return posts.insert(post)
                    .flatMap(saved -> Mono.fromFuture(publisher.publish(saved.value()))
                            .timeout(PostPublisher.TIMEOUT)
                            .onErrorMap(PostPublisher::failed)
                            .map(published -> workThread.respond(HttpStatus.CREATED, published, saved.thread())));
        }
        if (mode == Ack.SAVED) {
            handoffs.requireBroker(Strategy.POST_SAVE_PUBLISH);
            // E3's "waiting": answered once saved, published without waiting for Kafka.
            return posts.insert(post).map(saved -> {
                WorkItem item = handoffs.begin(Strategy.POST_SAVE_PUBLISH);
                Mono.fromFuture(() -> publisher.publish(saved.value()))
                        .subscribe(published -> handoffs.ledger().complete(item), error -> handoffs.ledger().fail(item));
                return workThread.respond(HttpStatus.CREATED, saved.value(), saved.thread());
            });
        }
        WorkItem item = handoffs.begin(Strategy.POST_SAVE_PUBLISH);
        // Fire and forget (E3's "not waiting"): answered now, saved and published afterwards.
        posts.insert(post)
                .flatMap(saved -> Mono.fromFuture(publisher.publish(saved.value())))
                .subscribe(published -> handoffs.ledger().complete(item), error -> handoffs.ledger().fail(item));
        return Mono.just(workThread.respond(HttpStatus.ACCEPTED, Handoff.of(item)));
    }
}
