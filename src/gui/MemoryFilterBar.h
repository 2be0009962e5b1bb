#pragma once

#include "core/MemoryTypes.h"
#include "memory/MemoryService.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QToolButton;

namespace engram {

// The memory panel's filters, in one row: where an item came from (said by me, inferred, added by
// hand, imported, from a tool), the conversation it was learned in, when, and pinned only.
class MemoryFilterBar final : public QWidget
{
    Q_OBJECT

public:
    enum class Period
    {
        AnyTime,
        Today,
        Week,
        Month,
        Year
    };

    explicit MemoryFilterBar(QWidget* parent = nullptr);

    // The conversations to choose from, newest first; keeps the chosen one when it is still there.
    void setConversations(const QList<Conversation>& conversations);
    // Chooses a conversation ("" = any), an origin (nullopt = any), a period and the pin condition.
    void setConversation(const QString& conversationId);
    void setOrigin(std::optional<ItemOrigin> origin);
    void setPeriod(Period period);
    void setPinnedOnly(bool pinnedOnly);
    void clear();

    // The chosen conditions as an ItemQuery's pin, conversation, origin and date fields. The
    // period ends at `now` and its days start at midnight of `now`'s time zone.
    ItemQuery conditions(const QDateTime& now) const;
    // How many conditions are set (0: everything passes).
    int activeCount() const;

Q_SIGNALS:
    void changed();

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();

    QComboBox* m_origin{};
    QComboBox* m_conversation{};
    QComboBox* m_period{};
    QCheckBox* m_pinned{};
    QToolButton* m_clear{};
};

} // namespace engram
