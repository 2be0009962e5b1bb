#include "memory/HeldChanges.h"

namespace engram {

void HeldChanges::add(bool removed, const QString& userId, Tier tier, const QStringList& ids)
{
    if (m_notices.isEmpty() || m_notices.constLast().removed != removed || m_notices.constLast().userId != userId ||
        m_notices.constLast().tier != tier) {
        m_notices.append(Notice{removed, userId, tier, {}});
        m_lastIds.clear();
    }
    QStringList& last = m_notices.last().ids;
    for (const QString& id : ids) {
        if (!m_lastIds.contains(id)) {
            m_lastIds.insert(id);
            last.append(id);
        }
    }
}

QList<HeldChanges::Notice> HeldChanges::release(bool committed)
{
    m_failed = m_failed || !committed;
    if (--m_depth > 0)
        return {};
    QList<Notice> notices;
    if (!m_failed)
        notices.swap(m_notices);
    m_notices.clear();
    m_lastIds.clear();
    m_failed = false;
    return notices;
}

} // namespace engram
