#pragma once

#include "core/Result.h"
#include "memory/MemoryItem.h"

#include <QAbstractTableModel>
#include <QList>

namespace engram {

class MemoryService;

// The rows of one tab of the memory panel: one user's items of one tier, kept in step with
// MemoryService's change signals (no polling). Subclasses say which items belong and how each
// column reads; this base owns the rows and the live updates.
class ItemTableModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum ItemRole
    {
        IdRole = Qt::UserRole + 1, // the item's id (QString)
        SortRole,                  // a raw value that sorts right: a date, a number, a bool
        PinnedRole,                // bool
        PendingRole,               // bool: a fact waiting for the user's confirmation
    };

    ItemTableModel(MemoryService& service, Tier tier, int columnCount, QObject* parent = nullptr);

    // Shows this user's items ("" = none). Reloads.
    void setUser(const QString& userId);
    QString userId() const { return m_userId; }
    Tier tier() const { return m_tier; }

    // Reads every row again from the service.
    virtual void reload();

    const MemoryItem& itemAt(int row) const { return m_items.at(row); }
    // Whether the item is one this tab shows (if it is loaded and the search lets it through).
    virtual bool canShow(const MemoryItem& item) const { return item.tier == m_tier && belongs(item); }
    int rowOf(const QString& id) const;

    // A status as the user reads it ("Pending", "Superseded"…).
    static QString statusText(const QString& status);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;

Q_SIGNALS:
    // Reading from the service failed; the text says what happened.
    void loadFailed(const QString& message);

protected:
    // A column's title in the header.
    virtual QString columnTitle(int column) const = 0;
    // What a cell shows, and the value it sorts by.
    virtual QVariant display(const MemoryItem& item, int column) const = 0;
    virtual QVariant sortValue(const MemoryItem& item, int column) const = 0;
    // Any other role (font, alignment, tooltip…); the default adds a tooltip for long text.
    virtual QVariant otherData(const MemoryItem& item, int column, int role) const;
    // Whether the item belongs in this tab (status, conversation, search text).
    virtual bool belongs(const MemoryItem& item) const = 0;
    // The rows of a reload; the paged models load only their first page here.
    virtual Result<QList<MemoryItem>> load() = 0;
    // Where a new or changed item goes; -1 = not among the loaded rows (yet).
    virtual int insertionRow(const MemoryItem& item) const;
    // Whether a changed item can stay in its row (the paged models keep their rows in SQL order).
    virtual bool keepsPosition(int row, const MemoryItem& item) const;
    // After live changes: the paged models recount what is in the database.
    virtual void afterLiveChange() {}

    MemoryService& service() const { return m_service; }
    // True while listeners are being told of a change: a slot of theirs may call fetchMore(),
    // and rows inserted then would reach the listeners connected later before the change itself.
    bool isNotifying() const { return m_notifying > 0; }
    // Resets the model around a change of what it shows (user, conversation, order, search).
    void resetRows(QList<MemoryItem> items);
    void appendRows(const QList<MemoryItem>& items);
    // Removes every row from `keep` on.
    void truncateRows(int keep);
    QList<MemoryItem>& items() { return m_items; }
    const QList<MemoryItem>& items() const { return m_items; }

    // Formats shared by the tabs: local date and time, ★ for pinned, one line of text.
    static QString dateText(const QDateTime& time);
    static QString pinText(bool pinned);
    static QString oneLine(const QString& text);
    static QString episodeKindText(const QString& kind);
    static QVariant numberAlignment();

private:
    class Notifying;

    void onItemsChanged(const QString& userId, Tier tier, const QStringList& ids);
    void onItemsRemoved(const QString& userId, Tier tier, const QStringList& ids);
    void onMemoryReset(const QString& userId);
    void place(const MemoryItem& item);
    void dropRows(const QSet<QString>& ids);

    MemoryService& m_service;
    Tier m_tier;
    int m_columnCount{};
    QString m_userId;
    QList<MemoryItem> m_items;
    int m_notifying{};
};

} // namespace engram
