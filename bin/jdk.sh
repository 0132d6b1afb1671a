# Sourced by the project's scripts: exports JAVA_HOME pointing at a JDK 21+ (the project targets 25).
# Order: $JAVA_HOME, the `java` on PATH, then JDKs in the usual system folders (newest first).

jdk_major() { # prints the feature version of the java binary in $1, or nothing
  "$1" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p' | head -1
}

jdk_ok() { # $1 = a JDK home; true when it has javac and java >= 21
  local home=$1 major
  [ -x "$home/bin/java" ] && [ -x "$home/bin/javac" ] || return 1
  major=$(jdk_major "$home/bin/java")
  [ -n "$major" ] && [ "${major%%.*}" -ge 21 ] 2>/dev/null
}

find_jdk() {
  local candidate
  if [ -n "${JAVA_HOME:-}" ] && jdk_ok "$JAVA_HOME"; then return 0; fi
  if command -v java >/dev/null 2>&1; then
    candidate=$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")
    if jdk_ok "$candidate"; then export JAVA_HOME=$candidate; return 0; fi
  fi
  for candidate in $(ls -d /usr/lib/jvm/* /opt/java/* /opt/jdk* "$HOME"/.sdkman/candidates/java/* 2>/dev/null | sort -rV); do
    if jdk_ok "$candidate"; then export JAVA_HOME=$candidate; return 0; fi
  done
  echo "lab: a JDK 21 or newer is required (Java 25 recommended) and none was found; install one (e.g. Temurin 25: apt-get install temurin-25-jdk from Adoptium's repository) and set JAVA_HOME" >&2
  return 1
}
