package dev.concurrencylab.lab.hosts;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.Arrays;

/**
 * The network between the driver and a host, measured before the first trial: the time a TCP
 * connect takes to a port that listens there (one SYN, one SYN-ACK: a round trip, answered by the
 * host's kernel, so no program on it adds its own delay).
 *
 * @param samples  connects made
 * @param minMs    the fastest: the network's own round trip
 * @param medianMs the typical
 * @param maxMs    the slowest
 */
public record RoundTrip(String host, String address, int port, int samples, double minMs, double medianMs, double maxMs) {

    /**
     * @throws HostException when nothing listens there
     */
    public static RoundTrip measure(String host, String address, int port, int samples) {
        double[] ms = new double[samples];
        InetSocketAddress target = new InetSocketAddress(address, port);
        for (int i = 0; i < samples; i++) {
            try (Socket s = new Socket()) {
                s.setTcpNoDelay(true);
                long t0 = System.nanoTime();
                s.connect(target, 2_000);
                ms[i] = (System.nanoTime() - t0) / 1e6;
            } catch (IOException e) {
                throw new HostException("host " + host + ": cannot measure the round trip to " + address + ":" + port + ": " + e.getMessage());
            }
        }
        Arrays.sort(ms);
        return new RoundTrip(host, address, port, samples, ms[0], ms[samples / 2], ms[samples - 1]);
    }
}
