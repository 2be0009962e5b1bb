#include "ConnectToolDialog.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QEvent>
#include <QFontDatabase>
#include <QFormLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace engram {

ConnectToolDialog::ConnectToolDialog(const McpSnippet& snippet, QWidget* parent)
    : QDialog(parent)
    , m_snippet(snippet)
{
    setObjectName(QStringLiteral("connectToolDialog"));
    m_intro = new QLabel(this);
    m_intro->setWordWrap(true);
    m_clientCombo = new QComboBox(this);
    m_clientCombo->setObjectName(QStringLiteral("clientComboBox"));
    for (McpSnippet::Client client : McpSnippet::clients())
        m_clientCombo->addItem(McpSnippet::name(client), static_cast<int>(client));
    m_where = new QLabel(this);
    m_where->setObjectName(QStringLiteral("whereLabel"));
    m_where->setWordWrap(true);
    m_where->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_text = new QPlainTextEdit(this);
    m_text->setObjectName(QStringLiteral("snippetTextEdit"));
    m_text->setReadOnly(true);
    m_text->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    // Room for the longest line of a snippet (a memory file's path) and a whole JSON snippet.
    const QFontMetrics fixed(m_text->font());
    m_text->setMinimumSize(fixed.averageCharWidth() * 96, fixed.lineSpacing() * 16);
    m_trust = new QLabel(this);
    m_trust->setWordWrap(true);
    m_trust->setForegroundRole(QPalette::PlaceholderText);
    m_copied = new QLabel(this);
    m_copied->setObjectName(QStringLiteral("copiedLabel"));

    auto* buttons = new QDialogButtonBox(this);
    m_copyButton = buttons->addButton(QString(), QDialogButtonBox::ActionRole);
    m_copyButton->setObjectName(QStringLiteral("copyButton"));
    m_copyButton->setIcon(QIcon::fromTheme(QStringLiteral("edit-copy")));
    m_closeButton = buttons->addButton(QDialogButtonBox::Close);
    m_closeButton->setDefault(true);

    m_toolLabel = new QLabel(this);
    m_toolLabel->setBuddy(m_clientCombo);
    auto* form = new QFormLayout;
    form->addRow(m_toolLabel, m_clientCombo);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_intro);
    layout->addLayout(form);
    layout->addWidget(m_where);
    layout->addWidget(m_text, 1);
    layout->addWidget(m_trust);
    auto* bottom = new QHBoxLayout;
    bottom->addWidget(m_copied, 1);
    bottom->addWidget(buttons);
    layout->addLayout(bottom);

    connect(m_clientCombo, &QComboBox::currentIndexChanged, this, &ConnectToolDialog::showClient);
    connect(m_copyButton, &QPushButton::clicked, this, &ConnectToolDialog::copy);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    retranslate();
    showClient();
}

QString ConnectToolDialog::shownText() const
{
    return m_text->toPlainText();
}

void ConnectToolDialog::showClient()
{
    const auto client = static_cast<McpSnippet::Client>(m_clientCombo->currentData().toInt());
    m_where->setText(tr("Where: %1").arg(McpSnippet::whereItGoes(client)));
    m_text->setPlainText(m_snippet.text(client));
    m_copied->clear();
}

void ConnectToolDialog::copy()
{
    QApplication::clipboard()->setText(m_text->toPlainText());
    m_copied->setText(tr("Copied."));
}

void ConnectToolDialog::retranslate()
{
    setWindowTitle(tr("Connect Other AI Tools"));
    m_intro->setText(tr("Other AI tools can search what Engram remembers and add to it through the Model Context "
                        "Protocol. Paste this into the tool's configuration; the paths are this computer's."));
    m_toolLabel->setText(tr("&Tool:"));
    m_clientCombo->setAccessibleName(tr("Tool"));
    m_text->setAccessibleName(tr("Configuration"));
    m_trust->setText(tr("What a new tool writes waits for your confirmation in the panel until you let it write "
                        "under Settings → Connected Tools."));
    m_copyButton->setText(tr("&Copy"));
}

void ConnectToolDialog::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDialog::changeEvent(event);
}

} // namespace engram
