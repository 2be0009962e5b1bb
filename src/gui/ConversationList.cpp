#include "ConversationList.h"

#include "Icons.h"

#include <QEvent>
#include <QSignalBlocker>

namespace engram {

namespace {
constexpr int kIdRole = Qt::UserRole;
constexpr int kIncognitoRole = Qt::UserRole + 1;
} // namespace

ConversationList::ConversationList(QWidget* parent)
    : QListWidget(parent)
{
    setUniformItemSizes(true);
    setTextElideMode(Qt::ElideRight);
}

QString ConversationList::title(const Conversation& conversation)
{
    return conversation.title.isEmpty() ? tr("New conversation") : conversation.title;
}

void ConversationList::setConversations(const QList<Conversation>& conversations)
{
    const QString selected = currentId();
    const QSignalBlocker blocker(this);
    clear();
    const int rowHeight = fontMetrics().height() + 12;
    for (const Conversation& c : conversations) {
        auto* item = new QListWidgetItem(title(c), this);
        item->setData(kIdRole, c.id);
        item->setData(kIncognitoRole, c.incognito);
        item->setSizeHint(QSize(0, rowHeight));
        item->setToolTip(title(c));
        if (c.incognito) {
            QFont italic = item->font();
            italic.setItalic(true);
            item->setFont(italic);
            item->setIcon(themedIcon(QStringLiteral("incognito"), palette()));
            item->setToolTip(tr("Incognito: nothing in this conversation is stored or remembered. "
                                "It disappears when Engram closes."));
        }
        if (c.id == selected)
            setCurrentItem(item);
    }
}

void ConversationList::changeEvent(QEvent* event)
{
    QListWidget::changeEvent(event);
    if (event->type() != QEvent::PaletteChange)
        return;
    for (int i = 0; i < count(); ++i) {
        if (item(i)->data(kIncognitoRole).toBool())
            item(i)->setIcon(themedIcon(QStringLiteral("incognito"), palette()));
    }
}

QString ConversationList::currentId() const
{
    const QListWidgetItem* item = currentItem();
    return item ? item->data(kIdRole).toString() : QString();
}

bool ConversationList::select(const QString& id)
{
    for (int i = 0; i < count(); ++i) {
        if (item(i)->data(kIdRole).toString() == id) {
            setCurrentRow(i);
            return true;
        }
    }
    return false;
}

} // namespace engram
