#include "HistoryDialog.h"

#include "models/HistoryTableModel.h"
#include "ui_HistoryDialog.h"

#include <QHeaderView>

namespace engram {

HistoryDialog::HistoryDialog(const QString& itemText, QList<HistoryEntry> entries, QWidget* parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::HistoryDialog>())
    , m_model(new HistoryTableModel(std::move(entries), this))
{
    m_ui->setupUi(this);
    setObjectName(QStringLiteral("historyDialog"));
    setWindowTitle(tr("History"));
    m_ui->itemLabel->setText(tr("What happened to “%1”, oldest first:").arg(itemText));
    m_ui->historyTableView->setModel(m_model);
    m_ui->historyTableView->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_ui->historyTableView->horizontalHeader()->setStretchLastSection(true);
    connect(m_ui->buttonBox, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

HistoryDialog::~HistoryDialog() = default;

} // namespace engram
