package dev.concurrencylab.lab.cli;

import dev.concurrencylab.lab.cpu.Affinity;
import dev.concurrencylab.lab.cpu.CpuLayout;
import dev.concurrencylab.lab.jit.CompilerThreads;
import dev.concurrencylab.lab.load.OpenFiles;
import dev.concurrencylab.services.Binaries;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

@Command(name = "doctor", mixinStandardHelpOptions = true,
        description = "Checks this machine for what runs need: JDK, cores, open-file limit, service binaries; prints the fix for each gap.",
        footer = {"", "Example:", "  ./lab doctor"})
final class DoctorCommand implements Callable<Integer> {

    private int gaps;

    @Override
    public Integer call() {
        int feature = Runtime.version().feature();
        check("JDK " + Runtime.version() + " at " + System.getProperty("java.home"), feature >= 21,
                "install a JDK 21+ (Java 25 preferred), e.g. apt install temurin-25-jdk, or set JAVA_HOME");
        int cpus = Runtime.getRuntime().availableProcessors();
        check(cpus + " CPUs", cpus >= 2, "with one CPU the load driver and the server share it: results measure both");
        Optional<String> noPinning = Affinity.unavailable();
        check("CPU layout: " + noPinning.orElseGet(() -> CpuLayout.plan(Affinity.allowedCpus()).describe()),
                noPinning.isEmpty(), "apt-get install -y util-linux (taskset)");
        Optional<String> noJitPriority = CompilerThreads.unavailable();
        check("JIT priority during warm-ups, pinning other users' processes: " + noJitPriority.orElse("renice and CAP_SYS_NICE present"), noJitPriority.isEmpty(),
                "run the lab as root (or give its java CAP_SYS_NICE); without it warm-ups on one server CPU take longer, and"
                        + " PostgreSQL (another user's process) cannot be pinned: use --cpus off");
        // ./lab raises the soft limit to the hard one before the JVM starts: the hard limit is what bounds the driver.
        OpenFiles files = OpenFiles.ofThisProcess();
        check(files.describe() + "; each of the driver's connections is one", files.hard() < 0 || files.hard() >= 65_536,
                "raise the hard limit for burst and users-x-requests at full scale (10,000 connections), as root: ulimit -Hn 65536");
        List<Path> pg = Binaries.find("postgres", Binaries.postgresBinDirs()).stream().toList();
        check("PostgreSQL server " + (pg.isEmpty() ? "missing" : pg.getFirst()), !pg.isEmpty(), "apt-get install -y postgresql");
        binary("redis-server", List.of(), "apt-get install -y redis-server");
        binary("rabbitmq-server", List.of(Path.of("/usr/lib/rabbitmq/bin"), Path.of("/usr/sbin")), "apt-get install -y rabbitmq-server");
        binary("setpriv", List.of(Path.of("/usr/bin")), "apt-get install -y util-linux (children could outlive a killed lab without it)");
        check("Kafka: runs from the lab's own jars (no install needed)", true, "");
        boolean jars = Files.exists(Lab.home().resolve("sut-mvc/target/sut-mvc.jar")) && Files.exists(Lab.home().resolve("sut-webflux/target/sut-webflux.jar"));
        check("apps under test built", jars, "./lab build");
        System.out.println(gaps == 0 ? "\nAll good." : "\n" + gaps + " gap(s); ./lab run installs missing Debian packages itself when run as root.");
        return 0;
    }

    private void binary(String name, List<Path> dirs, String fix) {
        var found = Binaries.find(name, dirs);
        check(name + " " + found.map(Path::toString).orElse("missing"), found.isPresent(), fix);
    }

    private void check(String what, boolean ok, String fix) {
        System.out.println((ok ? "  ok    " : "  MISSING ") + what + (ok || fix.isEmpty() ? "" : "\n          fix: " + fix));
        if (!ok) {
            gaps++;
        }
    }
}
