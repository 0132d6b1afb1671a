package dev.concurrencylab.lab.cpu;

import com.fasterxml.jackson.annotation.JsonCreator;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Which CPUs the load driver, the server under test and the backing services may use. On a shared
 * 2-core machine the driver and the server would otherwise steal each other's cycles and the
 * server's numbers would partly measure the driver.
 *
 * @param all      every CPU the lab may use, e.g. {@code 0-1}
 * @param driver   CPU list for the lab's own JVM (the load driver), e.g. {@code 0}; {@code null} when not pinned
 * @param sut      CPU list for each server under test
 * @param services CPU list for databases and brokers
 * @param note     why nothing is pinned, or where the layout came from
 */
public record CpuLayout(boolean pinned, String all, String driver, String sut, String services, int driverCpuCount, String note) {

    public static final List<String> ROLES = List.of("driver", "sut", "services");

    /** Results written before layouts were planned recorded only a sentence. */
    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    static CpuLayout fromText(String note) {
        return unpinned(0, note);
    }

    /** Nothing pinned: everything shares every CPU. */
    public static CpuLayout unpinned(int cpuCount, String why) {
        return new CpuLayout(false, null, null, null, null, cpuCount, why);
    }

    /**
     * The default split of the CPUs this process may use. Two CPUs: driver on one, server and
     * services on the other. More: a quarter (at least one) for the driver, a quarter for the
     * services from four CPUs up, the rest for the server.
     */
    public static CpuLayout plan(List<Integer> cpus) {
        int n = cpus.size();
        if (n < 2) {
            return unpinned(n, "not pinned: only " + n + " CPU available");
        }
        int driverCount = Math.max(1, n / 4);
        int serviceCount = n >= 4 ? Math.max(1, n / 4) : 0;
        List<Integer> driver = cpus.subList(0, driverCount);
        List<Integer> sut = cpus.subList(driverCount, n - serviceCount);
        List<Integer> services = serviceCount == 0 ? List.of(cpus.get(n - 1)) : cpus.subList(n - serviceCount, n);
        return new CpuLayout(true, list(cpus), list(driver), list(sut), list(services), driver.size(),
                "planned from " + n + " CPUs");
    }

    /**
     * A layout from {@code --cpus} values: {@code off}, or {@code role=CPUS} for some of driver, sut
     * and services (others keep the planned CPUs).
     *
     * @throws IllegalArgumentException naming the bad value
     */
    public static CpuLayout parse(List<String> values, List<Integer> cpus) {
        if (values.size() == 1 && values.getFirst().equals("off")) {
            return unpinned(cpus.size(), "not pinned: --cpus off");
        }
        CpuLayout planned = plan(cpus);
        Map<String, String> roles = new TreeMap<>();
        if (planned.pinned()) {
            roles.putAll(Map.of("driver", planned.driver(), "sut", planned.sut(), "services", planned.services()));
        }
        for (String value : values) {
            int eq = value.indexOf('=');
            String role = eq < 0 ? value : value.substring(0, eq);
            if (eq < 0 || !ROLES.contains(role)) {
                throw new IllegalArgumentException("--cpus " + value + ": expected off or ROLE=CPUS with ROLE one of "
                        + String.join(", ", ROLES) + ", e.g. --cpus driver=0 --cpus sut=1-3");
            }
            List<Integer> chosen = parseList(value.substring(eq + 1), value);
            if (!cpus.containsAll(chosen)) {
                throw new IllegalArgumentException("--cpus " + value + ": this process may only use CPUs " + list(cpus));
            }
            roles.put(role, list(chosen));
        }
        if (!roles.keySet().containsAll(ROLES)) {
            throw new IllegalArgumentException("--cpus: " + cpus.size() + " CPU cannot be split; give each of driver=, sut= and services=, or off");
        }
        return new CpuLayout(true, list(cpus), roles.get("driver"), roles.get("sut"), roles.get("services"),
                parseList(roles.get("driver"), "driver").size(), "from --cpus");
    }

    /** The CPUs each server is pinned to; empty when nothing is pinned. */
    public List<Integer> sutCpus() {
        return pinned && sut != null ? parseList(sut, "sut") : List.of();
    }

    /** One line for the console and the results. */
    public String describe() {
        return pinned ? "driver on CPU " + driver + " · server on CPU " + sut + " · services on CPU " + services : note;
    }

    /** Parses a CPU list such as {@code 0}, {@code 1-3} or {@code 0,2-3}. */
    public static List<Integer> parseList(String text, String context) {
        TreeSet<Integer> cpus = new TreeSet<>();
        try {
            for (String part : text.split(",")) {
                int dash = part.indexOf('-');
                int from = Integer.parseInt(part.substring(0, dash < 0 ? part.length() : dash).trim());
                int to = dash < 0 ? from : Integer.parseInt(part.substring(dash + 1).trim());
                if (from < 0 || to < from) {
                    throw new NumberFormatException();
                }
                for (int c = from; c <= to; c++) {
                    cpus.add(c);
                }
            }
        } catch (NumberFormatException | StringIndexOutOfBoundsException e) {
            throw new IllegalArgumentException("--cpus " + context + ": '" + text + "' is not a CPU list like 0, 1-3 or 0,2");
        }
        return new ArrayList<>(cpus);
    }

    /** Writes CPUs as taskset does: {@code 0,2-3}. */
    static String list(List<Integer> cpus) {
        List<String> parts = new ArrayList<>();
        int i = 0;
        while (i < cpus.size()) {
            int j = i;
            while (j + 1 < cpus.size() && cpus.get(j + 1) == cpus.get(j) + 1) {
                j++;
            }
            parts.add(i == j ? cpus.get(i).toString() : cpus.get(i) + "-" + cpus.get(j));
            i = j + 1;
        }
        return parts.stream().collect(Collectors.joining(","));
    }
}
