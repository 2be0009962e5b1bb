#include "llm/RetryPolicy.h"

#include <QLocale>

#include <algorithm>
#include <cmath>

namespace engram::retry {

int backoffDelayMs(int attempt, int baseMs, int maxMs, double jitter)
{
    const double exponential = std::ldexp(static_cast<double>(std::max(0, baseMs)), std::clamp(attempt - 1, 0, 30));
    const double capped = std::min(exponential, static_cast<double>(std::max(0, maxMs)));
    const double half = capped / 2.0;
    return static_cast<int>(half + half * std::clamp(jitter, 0.0, 1.0));
}

std::optional<int> parseRetryAfter(QByteArrayView value, const QDateTime& now)
{
    const QByteArray text = value.trimmed().toByteArray();
    if (text.isEmpty())
        return std::nullopt;
    bool ok{};
    const double seconds = text.toDouble(&ok);
    if (ok)
        return seconds < 0 ? std::nullopt : std::optional<int>(static_cast<int>(std::min(seconds * 1000.0, 2.0e9)));
    // RFC 9110 IMF-fixdate; always English and GMT, whatever the user's locale.
    const QDateTime parsed =
        QLocale::c().toDateTime(QString::fromLatin1(text), QStringLiteral("ddd, dd MMM yyyy HH:mm:ss 'GMT'"));
    if (!parsed.isValid())
        return std::nullopt;
    const QDateTime when(parsed.date(), parsed.time(), Qt::UTC);
    const qint64 ms = now.msecsTo(when);
    return static_cast<int>(std::clamp<qint64>(ms, 0, 2000000000));
}

} // namespace engram::retry
