package dev.concurrencylab.sut.mvc.posts;

import dev.concurrencylab.sut.common.async.Ack;
import dev.concurrencylab.sut.common.async.AsyncWork;
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
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** E0's read, E4's I/O read and E3's save-then-publish, all on the request thread. */
@RestController
class PostController {

    private final PostRepository posts;
    private final PostPublisher publisher;
    private final Handoffs handoffs;
    private final AsyncWork asyncWork;
    private final WorkThreadHeader workThread;

    PostController(PostRepository posts, PostPublisher publisher, Handoffs handoffs, AsyncWork asyncWork,
            WorkThreadHeader workThread) {
        this.posts = posts;
        this.publisher = publisher;
        this.handoffs = handoffs;
        this.asyncWork = asyncWork;
        this.workThread = workThread;
    }

    @GetMapping("/posts/{id}")
    ResponseEntity<PostView> post(@PathVariable long id) {
        PostView post = posts.find(id).orElseThrow(() -> Problems.notFound("post " + id + " not found"));
        return workThread.respond(HttpStatus.OK, post);
    }

    @GetMapping("/demo")
    ResponseEntity<DemoRow> demo() {
        return workThread.respond(HttpStatus.OK, posts.demo());
    }

    @PostMapping("/posts")
    ResponseEntity<?> create(@RequestBody NewPost post, @RequestParam(defaultValue = "saved") String ack) throws InterruptedException {
        Ack mode = Ack.validate(post, ack);
        if (mode == Ack.PUBLISHED) {
            handoffs.requireBroker(Strategy.POST_SAVE_PUBLISH);
            PostView saved = posts.insert(post);
            try {
                publisher.publish(saved).get(PostPublisher.TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            } catch (ExecutionException | TimeoutException e) {
                throw PostPublisher.failed(e);
            }
            return workThread.respond(HttpStatus.CREATED, saved);
        }
        if (mode == Ack.SAVED) {
            handoffs.requireBroker(Strategy.POST_SAVE_PUBLISH);
            PostView saved = posts.insert(post);
            publish(saved, handoffs.begin(Strategy.POST_SAVE_PUBLISH));
            return workThread.respond(HttpStatus.CREATED, saved);
        }
        WorkItem item = handoffs.begin(Strategy.POST_SAVE_PUBLISH);
        asyncWork.run(() -> {
            try {
                publish(posts.insert(post), item);
            } catch (RuntimeException e) {
                handoffs.ledger().fail(item);
            }
        });
        return workThread.respond(HttpStatus.ACCEPTED, Handoff.of(item));
    }

    /** Publishes without waiting; the ledger learns when Kafka acknowledges or refuses. */
    private void publish(PostView saved, WorkItem item) {
        try {
            publisher.publish(saved).whenComplete((done, error) -> {
                if (error == null) {
                    handoffs.ledger().complete(item);
                } else {
                    handoffs.ledger().fail(item);
                }
            });
        } catch (RuntimeException e) {
            handoffs.ledger().fail(item);
        }
    }
}
