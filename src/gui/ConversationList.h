#pragma once

#include "core/MemoryTypes.h"

#include <QListWidget>

namespace engram {

// The conversations of one profile, newest first, with incognito ones marked (icon, italics,
// tooltip) so the user always knows where nothing is kept.
class ConversationList final : public QListWidget
{
    Q_OBJECT

public:
    explicit ConversationList(QWidget* parent = nullptr);

    // Replaces the rows, keeping the selected conversation selected if it is still there. Emits no
    // selection signals: the caller compares currentId() before and after.
    void setConversations(const QList<Conversation>& conversations);
    QString currentId() const;
    bool select(const QString& id);

    // What a conversation is called in the list and the window title.
    static QString title(const Conversation& conversation);

protected:
    // A new palette (the desktop switched to a dark theme) gets the icons drawn for it.
    void changeEvent(QEvent* event) override;
};

} // namespace engram
