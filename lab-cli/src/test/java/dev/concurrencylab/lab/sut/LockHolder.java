package dev.concurrencylab.lab.sut;

import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** Another process holding a file lock, as another lab making an archive does: until its input closes. */
public final class LockHolder {

    public static void main(String[] args) throws Exception {
        try (FileChannel file = FileChannel.open(Path.of(args[0]), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                FileLock lock = file.lock()) {
            System.out.println("held");
            System.out.flush();
            while (System.in.read() >= 0) {
                // until the test closes our input
            }
        }
    }
}
