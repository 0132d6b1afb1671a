package dev.concurrencylab.lab.load.hyperfoil;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.QueryStringDecoder;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * A real HTTP server on loopback that answers in microseconds (one Netty event loop, a fixed body),
 * for load far past what a thread-per-request test server keeps up with. Counts the TCP connections
 * it accepts, so a test can hold the driver to the sockets it opened.
 */
public final class MicroServer implements AutoCloseable {

    private static final byte[] HELLO = "Hello, World!".getBytes(StandardCharsets.UTF_8);

    final AtomicInteger connections = new AtomicInteger();
    /** Requests received by path (query left out), so a test sees what reached the server, not what the driver counted. */
    final Map<String, LongAdder> byPath = new ConcurrentHashMap<>();
    /** Paths by the session a request names ({@code ?session=N}), in the order they arrived. */
    final Map<String, List<String>> bySession = new ConcurrentHashMap<>();
    /** Connections {@code /drop-every} closed without an answer. */
    final AtomicInteger dropped = new AtomicInteger();
    /** Requests that arrived while one before them of their session was still unanswered. */
    final AtomicInteger overlapping = new AtomicInteger();
    private final Set<String> unanswered = ConcurrentHashMap.newKeySet();
    private final String bound;
    private final NioEventLoopGroup group = new NioEventLoopGroup(1);
    private final Channel channel;

    MicroServer() throws InterruptedException {
        this("127.0.0.1");
    }

    /** @param address where it listens: {@code 0.0.0.0} for hosts in network namespaces to reach it */
    public MicroServer(String address) throws InterruptedException {
        bound = address;
        channel = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        connections.incrementAndGet();
                        ch.pipeline().addLast(new HttpServerCodec(), new HttpObjectAggregator(64 * 1024), new Hello(MicroServer.this));
                    }
                })
                .bind(address, 0).sync().channel();
    }

    URI uri() {
        return uri(bound);
    }

    /** Its address as seen from where {@code host} is this machine's address. */
    public URI uri(String host) {
        return URI.create("http://" + host + ":" + ((InetSocketAddress) channel.localAddress()).getPort());
    }

    /**
     * One per connection. {@code /close-every?n=N} answers the connection's Nth request with
     * {@code Connection: close} and then closes it, as Tomcat does at its keep-alive limit;
     * {@code /drop-every?n=N} closes the connection on its Nth request without answering it;
     * {@code /redirect} answers 302 to {@code /hello} (or {@code ?status=N}), as a form's POST is answered;
     * a request naming a {@code session} is recorded in its session's order.
     */
    private static final class Hello extends SimpleChannelInboundHandler<FullHttpRequest> {
        private final MicroServer server;
        private int requests;

        Hello(MicroServer server) {
            this.server = server;
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
            QueryStringDecoder uri = new QueryStringDecoder(request.uri());
            server.byPath.computeIfAbsent(uri.path(), k -> new LongAdder()).increment();
            String session = uri.parameters().containsKey("session") ? uri.parameters().get("session").getFirst() : null;
            if (session != null) {
                server.bySession.computeIfAbsent(session, k -> Collections.synchronizedList(new ArrayList<>())).add(uri.path());
                if (!server.unanswered.add(session)) {
                    server.overlapping.incrementAndGet();
                }
            }
            boolean nth = uri.parameters().containsKey("n") && ++requests % Integer.parseInt(uri.parameters().get("n").getFirst()) == 0;
            if (nth && uri.path().equals("/drop-every")) {
                server.dropped.incrementAndGet();
                ctx.close();
                return;
            }
            HttpResponseStatus status = !uri.path().equals("/redirect") ? HttpResponseStatus.OK
                    : HttpResponseStatus.valueOf(Integer.parseInt(uri.parameters().getOrDefault("status", List.of("302")).getFirst()));
            FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, Unpooled.wrappedBuffer(HELLO));
            if (status.code() / 100 == 3) {
                response.headers().set(HttpHeaderNames.LOCATION, "/hello");
            }
            response.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/plain").setInt(HttpHeaderNames.CONTENT_LENGTH, HELLO.length);
            if (nth && uri.path().equals("/close-every")) {
                response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
                ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
            } else if (session != null) {
                // ?ms=N holds the answer N ms, so a request sent before it arrived would be seen overlapping.
                long ms = Long.parseLong(uri.parameters().getOrDefault("ms", List.of("0")).getFirst());
                ctx.executor().schedule(() -> {
                    server.unanswered.remove(session);
                    ctx.writeAndFlush(response);
                }, ms, java.util.concurrent.TimeUnit.MILLISECONDS);
            } else {
                ctx.writeAndFlush(response);
            }
        }
    }

    @Override
    public void close() {
        channel.close().syncUninterruptibly();
        group.shutdownGracefully(0, 1, java.util.concurrent.TimeUnit.SECONDS).syncUninterruptibly();
    }
}
