#include "EditItemDialog.h"

#include "ui_EditItemDialog.h"

#include <QPushButton>

namespace engram {

EditItemDialog::EditItemDialog(const Request& request, QWidget* parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::EditItemDialog>())
    , m_request(request)
{
    m_ui->setupUi(this);
    setObjectName(QStringLiteral("editItemDialog"));
    setWindowTitle(request.title);
    m_ui->promptLabel->setText(request.prompt);
    m_ui->valueLineEdit->setVisible(!request.multiLine);
    m_ui->textPlainTextEdit->setVisible(request.multiLine);
    if (request.multiLine) {
        m_ui->textPlainTextEdit->setPlainText(request.text);
        m_ui->textPlainTextEdit->selectAll();
        m_ui->textPlainTextEdit->setFocus();
        connect(m_ui->textPlainTextEdit, &QPlainTextEdit::textChanged, this, &EditItemDialog::validate);
    } else {
        m_ui->valueLineEdit->setText(request.text);
        m_ui->valueLineEdit->selectAll();
        m_ui->valueLineEdit->setFocus();
        connect(m_ui->valueLineEdit, &QLineEdit::textChanged, this, &EditItemDialog::validate);
        adjustSize();
    }
    connect(m_ui->buttonBox, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_ui->buttonBox, &QDialogButtonBox::rejected, this, &QDialog::reject);
    validate();
}

EditItemDialog::~EditItemDialog() = default;

QString EditItemDialog::text() const
{
    const QString raw = m_request.multiLine ? m_ui->textPlainTextEdit->toPlainText() : m_ui->valueLineEdit->text();
    return raw.trimmed();
}

void EditItemDialog::validate()
{
    const QString value = text();
    QString problem;
    if (value.isEmpty())
        problem = tr("The text cannot be empty.");
    else if (m_request.maxLength > 0 && value.size() > m_request.maxLength)
        problem = tr("The text has %1 characters; at most %2 fit.").arg(value.size()).arg(m_request.maxLength);
    m_ui->errorLabel->setText(problem);
    m_ui->errorLabel->setVisible(!problem.isEmpty());
    const bool changed = value != m_request.text.trimmed();
    m_ui->buttonBox->button(QDialogButtonBox::Ok)->setEnabled(problem.isEmpty() && changed);
}

} // namespace engram
