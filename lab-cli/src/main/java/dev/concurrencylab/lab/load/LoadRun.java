package dev.concurrencylab.lab.load;

import java.net.URI;

/**
 * Everything the driver needs for one trial: where, what, how many, and how long to warm up first.
 * Warm-up runs the same request against the same server and is never part of the result.
 */
public record LoadRun(URI target, RequestSpec request, Checks checks, LoadModel model, Warmup warmup) {
}
