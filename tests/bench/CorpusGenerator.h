#pragma once

#include <QDateTime>
#include <QString>
#include <QStringList>

// A deterministic generator of a realistic mixed Chinese/English user: exchanges of a desktop
// assistant in sessions, with Zipf-distributed vocabulary from built-in word lists, sentences of
// realistic length, English technical terms inside Chinese sentences, numbers and versions.
// Episode i is a pure function of (seed, i), so a benchmark can ask about any of them.
namespace engram::bench {

// splitmix64: the same sequence on every platform and compiler (unlike <random>'s distributions).
class SplitMix final
{
public:
    explicit SplitMix(quint64 seed)
        : m_state(seed)
    {}
    quint64 next();
    int below(int n) { return static_cast<int>(next() % static_cast<quint64>(n)); }
    double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

private:
    quint64 m_state;
};

struct GeneratedEpisode
{
    QString content;      // the user's message
    QString response;     // the gist of the reply
    QStringList keywords; // content words of the message, for building queries about it
    QString conversation; // the session it belongs to (a UUID)
    QDateTime time;
    bool summary{}; // a summary episode (under `topic`) rather than an exchange
    QString topic;
};

struct GeneratedFact
{
    QString subject;
    QString predicate;
    QString object;
};

class CorpusGenerator final
{
public:
    explicit CorpusGenerator(quint64 seed = 20240401);

    GeneratedEpisode episode(qint64 index) const;
    GeneratedFact fact(int index) const;
    // A question a user would ask about episode `about` (its keywords, framed in its language),
    // or, with `vague`, one built from common words only.
    QString query(qint64 about, int variant) const;

    // When episode 0 happened; episodes follow at a few minutes apart, sessions hours apart.
    QDateTime start() const;

private:
    quint64 m_seed;
};

} // namespace engram::bench
