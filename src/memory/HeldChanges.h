#pragma once

#include "core/MemoryTypes.h"

#include <QList>
#include <QSet>
#include <QStringList>

namespace engram {

// The item changes of one action, held until it commits and then announced together: deleting
// a thousand selected episodes is one itemsRemoved, not a thousand, each of which a panel answered
// with a recount and a repaint. Nothing is announced of an action that rolled back.
class HeldChanges final
{
public:
    struct Notice
    {
        bool removed{}; // itemsRemoved, else itemsChanged
        QString userId;
        Tier tier{};
        QStringList ids;
    };

    // Starts holding; actions inside an action are part of it.
    void hold() { ++m_depth; }
    bool holding() const { return m_depth > 0; }
    // A change made while holding: joins the last notice when it is of the same kind, user and
    // tier (each id once), else comes after it, so the order of what happened is kept.
    void add(bool removed, const QString& userId, Tier tier, const QStringList& ids);
    // Ends one hold. The outermost returns what to announce: nothing when any action in it failed.
    QList<Notice> release(bool committed);

private:
    int m_depth{};
    bool m_failed{};
    QList<Notice> m_notices;
    QSet<QString> m_lastIds; // the ids of m_notices.last()
};

} // namespace engram
