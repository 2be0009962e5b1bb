#pragma once

#include <QByteArrayView>
#include <QDateTime>

#include <optional>

namespace engram::retry {

// How long to wait before retry number `attempt` (1, 2, …): base·2^(attempt−1), capped at
// `maxMs`, of which the upper half is scaled by `jitter` in [0, 1) ("equal jitter"), so clients
// that failed together do not come back together.
int backoffDelayMs(int attempt, int baseMs, int maxMs, double jitter);

// A Retry-After header: delay-seconds ("120") or an HTTP date ("Wed, 21 Oct 2015 07:28:00 GMT"),
// as milliseconds from `now` (never negative). nullopt when the value is neither.
std::optional<int> parseRetryAfter(QByteArrayView value, const QDateTime& now);

} // namespace engram::retry
