package dev.concurrencylab.sut.common.async;

import dev.concurrencylab.workload.async.WorkLedger;
import dev.concurrencylab.workload.async.WorkStats;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/** What the lab reads after an async trial: handed off vs completed, and hand-off→done latency. */
@RestController
class AsyncStatsController {

    private final WorkLedger ledger;

    AsyncStatsController(WorkLedger ledger) {
        this.ledger = ledger;
    }

    @GetMapping("/async/stats")
    Map<String, WorkStats> stats() {
        return ledger.stats();
    }

    @DeleteMapping("/async/stats")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    void reset() {
        ledger.reset();
    }
}
