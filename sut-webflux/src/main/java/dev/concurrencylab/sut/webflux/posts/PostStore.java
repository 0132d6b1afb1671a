package dev.concurrencylab.sut.webflux.posts;

import dev.concurrencylab.sut.webflux.scheduling.OnThread;
import dev.concurrencylab.workload.posts.DemoRow;
import dev.concurrencylab.workload.posts.NewPost;
import dev.concurrencylab.workload.posts.PostView;
import reactor.core.publisher.Mono;

/** Database access, R2DBC or JDBC by variant; each result names the thread that produced it. */
interface PostStore {

    Mono<OnThread<PostView>> find(long id);

    Mono<OnThread<PostView>> insert(NewPost post);

    Mono<OnThread<DemoRow>> demo();
}
