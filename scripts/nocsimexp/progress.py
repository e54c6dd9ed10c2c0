"""A progress line on stderr: runs done, running, failed, and the time left
(from the mean time per finished run). On a terminal the line is redrawn;
otherwise one line per finished run."""
import sys
import threading
import time


def _fmt(seconds):
    if seconds is None:
        return "?"
    seconds = int(seconds)
    if seconds >= 3600:
        return "%dh%02dm" % (seconds // 3600, seconds % 3600 // 60)
    if seconds >= 60:
        return "%dm%02ds" % (seconds // 60, seconds % 60)
    return "%ds" % seconds


class Progress:
    def __init__(self, total, label="sweep", quiet=False, stream=None):
        self.total, self.label, self.quiet = total, label, quiet
        self.stream = stream or sys.stderr
        self.done = self.running = self.failed = 0
        self.t0 = time.time()
        self.lock = threading.Lock()
        self.tty = self.stream.isatty()

    def update(self, done=None, running=None, failed=None):
        with self.lock:
            changed = done is not None and done != self.done
            if done is not None:
                self.done = done
            if running is not None:
                self.running = running
            if failed is not None:
                self.failed = failed
            if self.quiet or not (self.tty or changed):
                return
            self._draw()

    def _draw(self):
        width = 24
        filled = width * self.done // self.total if self.total else width
        eta = None
        if self.done:
            eta = (time.time() - self.t0) / self.done * (self.total - self.done)
        line = "%s: [%s%s] %d/%d runs done, %d running, %d failed, ETA %s" % (
            self.label, "#" * filled, "-" * (width - filled), self.done, self.total,
            self.running, self.failed, _fmt(eta) if self.done < self.total else "0s")
        self.stream.write(("\r\033[K" + line) if self.tty else line + "\n")
        self.stream.flush()

    def close(self):
        if not self.quiet and self.tty:
            self.stream.write("\n")
            self.stream.flush()
