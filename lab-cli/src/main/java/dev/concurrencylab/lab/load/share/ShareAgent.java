package dev.concurrencylab.lab.load.share;

import dev.concurrencylab.lab.load.LoadListener;
import dev.concurrencylab.lab.load.LoadResult;
import dev.concurrencylab.lab.load.hyperfoil.HyperfoilDriver;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * What a driver host runs for its share of a window: the lab's own Hyperfoil engine, started at
 * the share's instant, its result written whole for the lab to merge. Run by the lab over SSH
 * ({@code hosts/DriverHosts}), never by hand.
 */
public final class ShareAgent {

    private ShareAgent() {
    }

    /** @param args the share's JSON file, then where to write the result */
    public static void main(String[] args) throws Exception {
        if (args.length != 2) {
            System.err.println("usage: ShareAgent SHARE.json RESULT.json (run by the lab on a driver host)");
            System.exit(2);
        }
        ShareWire.Share share = ShareWire.readShare(Files.readString(Path.of(args[0])));
        long wait = share.startAtMillis() - System.currentTimeMillis();
        System.out.println("share " + share.model() + " starts in " + wait + " ms");
        if (wait > 0) {
            Thread.sleep(wait);
        }
        LoadResult result = HyperfoilDriver.forThisMachine().run(share.run(), LoadListener.NONE);
        Path out = Path.of(args[1]);
        Path part = out.resolveSibling(out.getFileName() + ".part");
        Files.writeString(part, ShareWire.write(result));
        // the lab reads the result once it exists: never half of one
        Files.move(part, out, StandardCopyOption.ATOMIC_MOVE);
        System.out.println("share done: " + result.sent() + " sent, " + result.good() + " good");
        // the engine's event loops are not daemons
        System.exit(0);
    }
}
