#include "ConnectedToolsPage.h"

#include "memory/MemoryService.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace engram {
namespace {

enum Column
{
    ToolColumn,
    LastReadColumn,
    LastWriteColumn,
    AccessColumn,
    ColumnCount
};

const QList<ToolAccess> kChoices{ToolAccess::ReadWrite, ToolAccess::Ask, ToolAccess::ReadOnly, ToolAccess::Off};

} // namespace

ConnectedToolsPage::ConnectedToolsPage(MemoryService& memory, QString userId, QWidget* parent)
    : QWidget(parent)
    , m_memory(memory)
    , m_userId(std::move(userId))
{
    setObjectName(QStringLiteral("connectedToolsPage"));
    m_intro = new QLabel(this);
    m_intro->setWordWrap(true);
    m_table = new QTableWidget(0, ColumnCount, this);
    m_table->setObjectName(QStringLiteral("connectedToolsTable"));
    m_table->setAccessibleName(tr("Connected tools"));
    m_table->verticalHeader()->hide();
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(ToolColumn, QHeaderView::Stretch);
    m_empty = new QLabel(this);
    m_empty->setObjectName(QStringLiteral("noToolsLabel"));
    m_empty->setWordWrap(true);
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setForegroundRole(QPalette::PlaceholderText);
    m_connectButton = new QPushButton(this);
    m_connectButton->setObjectName(QStringLiteral("connectToolButton"));

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_intro);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_empty, 1);
    auto* buttons = new QHBoxLayout;
    buttons->addStretch();
    buttons->addWidget(m_connectButton);
    layout->addLayout(buttons);

    connect(m_connectButton, &QPushButton::clicked, this, &ConnectedToolsPage::connectToolRequested);
    retranslate();
    reload();
}

QString ConnectedToolsPage::accessText(ToolAccess access)
{
    switch (access) {
    case ToolAccess::ReadWrite:
        return tr("Read and write");
    case ToolAccess::Ask:
        return tr("Read; I confirm what it writes");
    case ToolAccess::ReadOnly:
        return tr("Read only");
    case ToolAccess::Off:
        break;
    }
    return tr("Off");
}

QString ConnectedToolsPage::timeText(const QDateTime& time) const
{
    return time.isValid() ? QLocale().toString(time.toLocalTime(), QLocale::ShortFormat) : tr("Never");
}

void ConnectedToolsPage::reload()
{
    m_loaded.clear();
    m_table->setRowCount(0);
    auto clients = m_memory.toolClients(m_userId);
    if (!clients) {
        m_empty->setText(tr("The connected tools cannot be read: %1").arg(clients.errorMessage()));
        m_table->hide();
        m_empty->show();
        return;
    }
    m_table->setRowCount(static_cast<int>(clients->size()));
    int row = 0;
    for (const ToolClient& c : std::as_const(*clients)) {
        m_loaded.insert(c.name, c.access);
        auto* tool = new QTableWidgetItem(c.name);
        tool->setToolTip(c.version.isEmpty() ? c.name : tr("%1, version %2").arg(c.name, c.version));
        tool->setData(Qt::UserRole, c.name);
        m_table->setItem(row, ToolColumn, tool);
        m_table->setItem(row, LastReadColumn, new QTableWidgetItem(timeText(c.lastRead)));
        m_table->setItem(row, LastWriteColumn, new QTableWidgetItem(timeText(c.lastWrite)));
        auto* combo = new QComboBox(m_table);
        combo->setObjectName(QStringLiteral("accessComboBox"));
        combo->setAccessibleName(tr("What %1 may do").arg(c.name));
        for (ToolAccess access : kChoices)
            combo->addItem(accessText(access), static_cast<int>(access));
        combo->setCurrentIndex(combo->findData(static_cast<int>(c.access)));
        m_table->setCellWidget(row, AccessColumn, combo);
        ++row;
    }
    // A cell widget does not count for ResizeToContents: make room for the longest choice.
    int accessWidth = m_table->horizontalHeader()->sectionSizeHint(AccessColumn);
    for (int r = 0; r < m_table->rowCount(); ++r)
        accessWidth = std::max(accessWidth, m_table->cellWidget(r, AccessColumn)->sizeHint().width());
    m_table->horizontalHeader()->setSectionResizeMode(AccessColumn, QHeaderView::Fixed);
    m_table->setColumnWidth(AccessColumn, accessWidth + fontMetrics().averageCharWidth() * 3);
    m_table->setVisible(!clients->isEmpty());
    m_empty->setVisible(clients->isEmpty());
}

Status ConnectedToolsPage::apply()
{
    for (int row = 0; row < m_table->rowCount(); ++row) {
        const QString name = m_table->item(row, ToolColumn)->data(Qt::UserRole).toString();
        const auto* combo = qobject_cast<QComboBox*>(m_table->cellWidget(row, AccessColumn));
        if (!combo)
            continue;
        const auto access = static_cast<ToolAccess>(combo->currentData().toInt());
        if (m_loaded.value(name) == access)
            continue;
        if (auto st = m_memory.setToolAccess(m_userId, name, access); !st)
            return st;
        m_loaded.insert(name, access);
    }
    return {};
}

void ConnectedToolsPage::retranslate()
{
    m_intro->setText(tr("AI tools such as Claude Desktop, Cursor or VS Code that used this profile's memory through "
                        "Engram's MCP server. A new tool may read; what it writes waits for your confirmation in "
                        "the panel until you let it write."));
    m_table->setHorizontalHeaderLabels({tr("Tool"), tr("Last read"), tr("Last write"), tr("May")});
    m_empty->setText(tr("No AI tool has used your memory yet."));
    m_connectButton->setText(tr("Connect a Tool…"));
    for (int row = 0; row < m_table->rowCount(); ++row) {
        if (auto* combo = qobject_cast<QComboBox*>(m_table->cellWidget(row, AccessColumn))) {
            for (int i = 0; i < combo->count(); ++i)
                combo->setItemText(i, accessText(static_cast<ToolAccess>(combo->itemData(i).toInt())));
        }
    }
}

void ConnectedToolsPage::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

} // namespace engram
