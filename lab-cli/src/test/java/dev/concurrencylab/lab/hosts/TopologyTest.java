package dev.concurrencylab.lab.hosts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.concurrencylab.lab.binding.SuiteException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** hosts.yaml: which machine runs what, and one line for each mistake. */
class TopologyTest {

    @TempDir
    Path tmp;

    @Test
    void hostsAreReadWithTheirRolesAndDefaults() throws IOException {
        Path file = write("""
                hosts:
                  - name: app
                    address: 10.0.0.2
                    key: %1$s
                    roles: [server]
                  - name: db
                    address: 10.0.0.3
                    port: 2222
                    user: lab
                    key: %1$s
                    roles: [services]
                    services: [postgresql]
                """);

        Topology t = Topology.read(file);

        assertThat(t.server()).get().extracting(HostSpec::where).isEqualTo("root@10.0.0.2");
        assertThat(t.service("postgresql")).get().extracting(HostSpec::where).isEqualTo("lab@10.0.0.3:2222");
        assertThat(t.service("kafka")).isEmpty();
        assertThat(t.drivers()).isEmpty();
    }

    @Test
    void aHostWithServicesButNoListRunsAllFour() throws IOException {
        Topology t = Topology.read(write("hosts: [{name: db, address: 10.0.0.3, key: %1$s, roles: [services]}]\n"));

        assertThat(t.hosts().getFirst().services()).containsExactly("postgresql", "kafka", "rabbitmq", "redis");
    }

    @Test
    void mistakesAreOneLineNamingTheFileAndTheHost() throws IOException {
        assertThatThrownBy(() -> Topology.read(write("hosts: [{name: app, address: 10.0.0.2, key: %1$s, roles: [gpu]}]\n")))
                .isInstanceOf(SuiteException.class).hasMessageEndingWith("host 'app': unknown role 'gpu'; choose from server, services, driver");
        assertThatThrownBy(() -> Topology.read(write("hosts: [{name: app, address: 10.0.0.2, roles: [server]}]\n")))
                .hasMessageContaining("host 'app': missing key (the private key to log in with; the lab never uses passwords)");
        assertThatThrownBy(() -> Topology.read(write("hosts: [{name: app, address: 10.0.0.2, key: /no/such/key, roles: [server]}]\n")))
                .hasMessageEndingWith("host 'app': key /no/such/key not found");
        assertThatThrownBy(() -> Topology.read(write("hosts: [{name: a, address: x, key: %1$s, roles: [server]}, "
                + "{name: b, address: y, key: %1$s, roles: [server]}]\n")))
                .hasMessageEndingWith("more than one host has the server role; each trial's server runs on one host");
        assertThatThrownBy(() -> Topology.read(write("hosts:\n  - name: app\n    adress: 10.0.0.2\n")))
                .hasMessageContaining("hosts.yaml:3:").hasMessageContaining("unknown key 'adress'");
    }

    private Path write(String yaml) throws IOException {
        Path key = Files.writeString(tmp.resolve("id_ed25519"), "not a real key: only its presence is checked here");
        return Files.writeString(tmp.resolve("hosts.yaml"), yaml.formatted(key));
    }
}
