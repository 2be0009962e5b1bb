#pragma once

#include <QList>
#include <QString>
#include <QStringList>
#include <QStringView>

namespace engram {

// A query's terms, found among a text's tokens by a cheap hash of their UTF-16 units (FNV-1a):
// QHash's seeded hash, or a set of every token of every candidate, cost most of a search.
class TermTable final
{
public:
    explicit TermTable(QStringList terms)
        : m_terms(std::move(terms))
    {
        qsizetype size = 16;
        while (size < m_terms.size() * 4)
            size *= 2;
        m_slots.fill(-1, size);
        m_mask = static_cast<size_t>(size - 1);
        for (qsizetype i = 0; i < m_terms.size(); ++i) {
            size_t slot = hash(m_terms.at(i)) & m_mask;
            while (m_slots.at(slot) >= 0)
                slot = (slot + 1) & m_mask;
            m_slots[slot] = i;
        }
    }

    qsizetype size() const { return m_terms.size(); }

    // The index of the token among the terms, or -1.
    qsizetype find(QStringView token) const
    {
        for (size_t slot = hash(token) & m_mask; m_slots.at(slot) >= 0; slot = (slot + 1) & m_mask) {
            if (m_terms.at(m_slots.at(slot)) == token)
                return m_slots.at(slot);
        }
        return -1;
    }

private:
    static size_t hash(QStringView text)
    {
        size_t h = 14695981039346656037ULL;
        for (const QChar c : text) {
            h ^= c.unicode();
            h *= 1099511628211ULL;
        }
        return h;
    }

    QStringList m_terms;
    QList<qsizetype> m_slots;
    size_t m_mask{};
};

} // namespace engram
