package dev.concurrencylab.lab.suite;

import dev.concurrencylab.lab.binding.Positions;
import dev.concurrencylab.lab.binding.SuiteException;

/**
 * A value read from a YAML file with where it was written, for the checks that can only be made
 * after binding (a name looked up in the catalog, a name given twice).
 *
 * @param line the value's first line, counted from 1
 * @param path where the value sits in the document, such as {@code benchmarks[0].workload}
 */
record Located<T>(T value, String file, int line, String path) {

    SuiteException error(String message) {
        return Positions.error(file, line, path, message);
    }

    /** The same place, one key further in (for a problem with one of this value's entries). */
    SuiteException error(String key, String message) {
        return Positions.error(file, line, path.isEmpty() ? key : path + "." + key, message);
    }
}
